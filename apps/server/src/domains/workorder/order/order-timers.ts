import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orderTimers } from '../../../db/workorder-schema';
import { type ArmedTimer, slaTimersOf } from '../process';

export type SlaKind = 'reminder' | 'overdue';

/** The SLA share of the time to the deadline after which the reminder goes. */
export const REMIND_AT = 0.8;

/** The SLA times an order opened at `now` gets from its template's hours (none: no SLA timers). */
export function slaTimes(now: number, slaHours: number | null) {
  if (!slaHours) return null;
  const span = slaHours * 3_600_000;
  return { remindAt: new Date(now + span * REMIND_AT), dueAt: new Date(now + span) };
}

// A definition's XML does not change: its boundary events' ess:sla are read once per process.
const kinds = new Map<string, Promise<Record<string, SlaKind>>>();
function slaKinds(xml: string): Promise<Record<string, SlaKind>> {
  let k = kinds.get(xml);
  if (!k) {
    k = slaTimersOf(xml);
    if (kinds.size > 50) kinds.clear();
    kinds.set(xml, k);
  }
  return k;
}

/** The SLA kind of a boundary event of a definition, null when it has none. */
export async function slaKindOf(xml: string, boundaryId: string): Promise<SlaKind | null> {
  return (await slaKinds(xml))[boundaryId] ?? null;
}

/**
 * Replaces the order's stored timers with those its instance has armed now; called in the
 * transaction that stores the instance's state, so the two never disagree.
 */
export async function replaceTimers(tx: Db, orderId: number, xml: string, timers: ArmedTimer[]): Promise<void> {
  await tx.delete(orderTimers).where(eq(orderTimers.orderId, orderId));
  if (timers.length === 0) return;
  const sla = await slaKinds(xml);
  await tx.insert(orderTimers).values(
    timers.map((t) => ({
      orderId,
      boundaryId: t.boundaryId,
      attachedTo: t.attachedTo,
      sla: sla[t.boundaryId] ?? null,
      dueAt: t.dueAt,
    })),
  );
}
