import {
  DEFAULT_LANG,
  DEFAULT_TIMEZONE,
  isLang,
  LANGS,
  type Lang,
  localDateTime,
  MESSAGE_TYPE,
  orderDetailPath,
  translate,
} from '@ess/contract';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type AssigneeRef, workOrders as o, orderSteps, orderTimers } from '../../../db/workorder-schema';
import { everyPeriod, type PeriodicJob } from '../../../kernel/periodic-job';
import type { MessageService } from '../../alarms/message';
import { raiseNotice } from '../../alarms/notify';
import { findStation } from '../../stations/station';
import { findDefinition, processEngine } from '../process';
import { commitStep, languagesOf, postHolders } from './order.repository';
import { replaceTimers, slaKindOf } from './order-timers';
import type { NoticeStore } from './order-todo';

const EVERY_MS = 60_000;
const DAY_MS = 86_400_000;
/** Due timers fired per tick; the rest wait for the next minute. */
const BATCH = 100;

/** What an SLA notice tells about its order. */
export type Due = {
  id: number;
  number: string;
  title: string;
  stationId: number;
  due: Date;
  assignees: AssigneeRef[];
  initiatorId: number | null;
};

/** The alarm level the notification chains take each notice as (their levels choose them). */
const CHAIN_LEVEL = { slaReminder: 3, slaOverdue: 2 } as const;

/**
 * Fires the boundary timers orders have armed (wo_order_timer, recorded by the engine): each
 * due one is fired in the order's instance (processEngine.fire) and the new state stored under
 * the order's version guard, so a timer that lost a race to an action or another runner, or
 * whose task was left meanwhile, is dropped and never fired twice. A completed boundary event
 * with ess:sla="reminder" reminds the assignees, "overdue" escalates to them and the
 * initiator, each once per order (sla_reminded_at / sla_escalated_at, set in the same
 * transaction, so moving on to the next task past 80 % does not remind again), as an in-app
 * message linking the order. Each is also raised to the notification chains of the order's
 * station (notify's `raiseNotice`, once per order and kind by its key) as a minor (reminder)
 * or major (overdue) event, for e-mail and SMS; whoever the in-app message reached gets no
 * second one from a chain. One instance runs per minute (claimPeriod); the clock is injectable.
 */
export class SlaTimerRunner {
  private job: PeriodicJob | null = null;

  constructor(
    private readonly db: Db,
    private readonly messages: MessageService,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Runs once a minute on one instance; a failed run goes to `onError` (the log) and is tried next minute. */
  start(onError: (err: unknown) => void): void {
    this.job ??= everyPeriod(this.db, 'workorder-sla', EVERY_MS, () => this.tick(), onError);
  }

  stop(): void {
    this.job?.stop();
    this.job = null;
  }

  /** Fires the due timers once; returns how many reminders and escalations went out. */
  async tick(): Promise<number> {
    const now = new Date(this.clock());
    const due = await this.db
      .select({ orderId: orderTimers.orderId, boundaryId: orderTimers.boundaryId })
      .from(orderTimers)
      .where(lte(orderTimers.dueAt, now))
      .orderBy(orderTimers.dueAt)
      .limit(BATCH);
    let sent = 0;
    for (const t of due) sent += await this.fire(t.orderId, t.boundaryId, now);
    return sent;
  }

  private async fire(orderId: number, boundaryId: string, now: Date): Promise<number> {
    const [order] = await this.db.select().from(o).where(eq(o.id, orderId));
    const definition = order && (await findDefinition(this.db, order.definitionId, true));
    if (!order || !definition || order.endedAt) return 0;
    const next = await processEngine.fire(`order-${order.id}`, order.engineState, boundaryId);
    const notices: SlaNotice[] = [];
    const committed = await commitStep(
      this.db,
      order.id,
      order.version,
      { engineState: next.state, activeNodeIds: next.activeNodeIds },
      null,
      async (tx) => {
        await replaceTimers(tx, order.id, definition.xml, next.timers);
        notices.push(...(await claimSlaNotices(tx, order.id, next.completedBoundaryIds, definition.xml, now)));
      },
    );
    // Lost to an action or another runner: the winner's state holds the timers that stand.
    if (!committed) return 0;
    const d: Due = {
      id: order.id,
      number: order.number,
      title: order.title,
      stationId: order.stationId,
      due: order.slaDueAt ?? now,
      assignees: order.assignees,
      initiatorId: order.initiatorId,
    };
    for (const kind of notices) await sendSlaNotice(this.db, this.messages, d, kind, now);
    return notices.length;
  }
}

export type SlaNotice = 'slaReminder' | 'slaOverdue';

/**
 * The notices the completed boundary events of a step call for, claimed once per order in the
 * step's transaction `tx`: an escalation if none went yet, else a reminder if neither went
 * (an order already overdue is not reminded; the next task's reminder past 80 % stays silent).
 */
export async function claimSlaNotices(
  tx: Db,
  orderId: number,
  completedBoundaryIds: readonly string[],
  xml: string,
  now: Date,
): Promise<SlaNotice[]> {
  const kinds = new Set<string>();
  for (const id of completedBoundaryIds) kinds.add((await slaKindOf(xml, id)) ?? '');
  if (kinds.has('overdue')) {
    const r = await tx
      .update(o)
      .set({ slaEscalatedAt: now, slaRemindedAt: sql`coalesce(${o.slaRemindedAt}, ${now})` })
      .where(and(eq(o.id, orderId), isNull(o.slaEscalatedAt)))
      .returning({ id: o.id });
    return r.length > 0 ? ['slaOverdue'] : [];
  }
  if (kinds.has('reminder')) {
    const r = await tx
      .update(o)
      .set({ slaRemindedAt: now })
      .where(and(eq(o.id, orderId), isNull(o.slaRemindedAt), isNull(o.slaEscalatedAt)))
      .returning({ id: o.id });
    return r.length > 0 ? ['slaReminder'] : [];
  }
  return [];
}

/**
 * Sends one SLA notice of an order, after the commit that claimed it: in-app per recipient
 * language, a track row, and a raise to the station's notification chains.
 */
export async function sendSlaNotice(db: Db, store: NoticeStore, d: Due, kind: SlaNotice, now: Date): Promise<void> {
  const userIds = await recipients(db, d, kind === 'slaOverdue');
  const station = await findStation(db, d.stationId);
  const timeZone = station?.timezone ?? DEFAULT_TIMEZONE;
  const params = {
    number: d.number,
    title: d.title,
    // The station's clock, named: the crew reads the deadline where the work is.
    due: `${localDateTime(d.due.getTime(), timeZone).slice(0, 16)} (${timeZone})`,
  };
  const key = kind === 'slaReminder' ? 'workorderSlaReminder' : 'workorderSlaOverdue';
  await db.insert(orderSteps).values({ orderId: d.id, action: kind, time: now });
  // One notice per language, each recipient's own (Chinese when none is chosen).
  const langs = await languagesOf(db, userIds);
  const byLang = new Map<Lang, number[]>();
  for (const id of userIds) {
    const stored = langs.get(id);
    const lang: Lang = isLang(stored) ? stored : DEFAULT_LANG;
    byLang.set(lang, [...(byLang.get(lang) ?? []), id]);
  }
  for (const [lang, ids] of byLang) {
    const notice = {
      title: translate(lang, key, params),
      content: translate(lang, key, params),
      messageType: kind === 'slaReminder' ? MESSAGE_TYPE.hint : MESSAGE_TYPE.fault,
      senderName: d.number,
      userIds: ids,
      playStart: now.getTime(),
      playEnd: now.getTime() + DAY_MS,
      link: orderDetailPath(d.id),
    };
    await db.transaction((tx) => store.storeNotices(tx, [notice]));
    store.announce(ids);
  }
  const texts = (lang: Lang) => {
    const subject = translate(lang, key, params);
    return { subject, text: station ? `${subject}\n${station.name}` : subject };
  };
  await raiseNotice(db, {
    key: `workorder:${d.id}:${kind}`,
    stationId: d.stationId,
    level: CHAIN_LEVEL[kind],
    texts: Object.fromEntries(LANGS.map((l) => [l, texts(l)])) as Record<Lang, { subject: string; text: string }>,
    link: orderDetailPath(d.id),
    toldInApp: userIds,
    at: now.getTime(),
  });
}

/** The assignees (post holders included), plus the initiator for an escalation. */
async function recipients(db: Db, d: Due, withInitiator: boolean): Promise<number[]> {
  const ids = new Set(d.assignees.flatMap((a) => ('userId' in a ? [a.userId] : [])));
  const postIds = d.assignees.flatMap((a) => ('postId' in a ? [a.postId] : []));
  for (const id of await postHolders(db, postIds)) ids.add(id);
  if (withInitiator && d.initiatorId !== null) ids.add(d.initiatorId);
  return [...ids];
}
