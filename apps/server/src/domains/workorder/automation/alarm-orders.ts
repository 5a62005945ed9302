import { type AlarmKind, WORKORDER_LIMITS } from '@ess/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orderRules } from '../../../db/workorder-schema';
import type { TelemetryBus } from '../../../kernel/telemetry-bus';
import { activeEvents } from '../../alarms/alarm';
import type { OpenedOrder, OpenOrderInput } from '../order';

type Log = { warn: (obj: object, msg: string) => void };

/** A raised, still active alarm with the template of the station's rule it falls under. */
export type AlarmForOrder = {
  eventId: number;
  stationId: number;
  deviceId: number | null;
  content: string;
  kind: AlarmKind;
  templateId: number;
};

/**
 * Titles of the events stored without text (offline, lost: readers get the catalogue's words in
 * their language); an order's title is stored data, in the platform's first language.
 */
const UNTITLED: Record<AlarmKind, string> = {
  rule: '告警',
  offline: '设备离线',
  lost: '电站失联',
  deviation: '调度偏差',
};

/**
 * The raised events that open an order: still active, at a station with an enabled rule whose
 * minimum level they reach (1 critical is the most severe). With several rules, the strictest
 * (lowest minimum level) names the template.
 */
export async function alarmsForOrders(db: Db, eventIds: readonly number[]): Promise<AlarmForOrder[]> {
  const events = await activeEvents(db, eventIds);
  if (events.length === 0) return [];
  const rules = await db
    .select({ stationId: orderRules.stationId, minLevel: orderRules.minLevel, templateId: orderRules.templateId })
    .from(orderRules)
    .where(
      and(eq(orderRules.enabled, true), inArray(orderRules.stationId, [...new Set(events.map((e) => e.stationId))])),
    )
    .orderBy(asc(orderRules.minLevel), asc(orderRules.id));
  return events.flatMap((e) => {
    const rule = rules.find((r) => r.stationId === e.stationId && e.level <= r.minLevel);
    return rule
      ? [
          {
            eventId: e.id,
            stationId: e.stationId,
            deviceId: e.deviceId,
            content: e.content,
            kind: e.kind,
            templateId: rule.templateId,
          },
        ]
      : [];
  });
}

/** The order an alarm opens: a fault repair on the alarm's device, titled by the alarm. */
export const orderOfAlarm = (a: AlarmForOrder): OpenOrderInput => ({
  source: 'automatic',
  stationId: a.stationId,
  templateId: a.templateId,
  title: (a.content || UNTITLED[a.kind]).slice(0, WORKORDER_LIMITS.title),
  description: a.content || null,
  deviceId: a.deviceId,
  alarmEventId: a.eventId,
  initiatorId: null,
});

/**
 * Issue 23 part 5: each alarm this instance raises opens its fault-repair order by the station's
 * rules. `open` answers the running order for an alarm that already has one, so a repeated or
 * concurrent event never opens a second. Returns the unsubscribe function.
 */
export function wireOrdersToAlarms(
  db: Db,
  bus: TelemetryBus,
  open: (input: OpenOrderInput) => Promise<OpenedOrder>,
  log: Log,
): () => void {
  // One raise after another: a repeated event finds the order the previous one opened.
  let queue = Promise.resolve();
  return bus.on('alarm', ({ change, eventIds }) => {
    if (change !== 'raised') return;
    queue = queue.then(() =>
      alarmsForOrders(db, eventIds)
        .then(async (alarms) => {
          for (const a of alarms) {
            // One alarm whose order cannot open (no executors, suspended process) does not stop the others.
            await open(orderOfAlarm(a)).catch((err: unknown) =>
              log.warn({ err, eventId: a.eventId }, 'work order not opened for the alarm'),
            );
          }
        })
        .catch((err: unknown) => log.warn({ err, events: eventIds.length }, 'alarm rules not read')),
    );
  });
}
