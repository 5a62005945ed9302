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
import { and, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type AssigneeRef, workOrders as o, orderSteps } from '../../../db/workorder-schema';
import { claimPeriod } from '../../../kernel/job-lock';
import type { MessageService } from '../../alarms/message';
import { raiseNotice } from '../../alarms/notify';
import { findStation } from '../../stations/station';
import { languagesOf, postHolders } from './order.repository';

const EVERY_MS = 60_000;
/** The reminder goes when this share of the time to the deadline has passed. */
const REMIND_AT = 0.8;
const DAY_MS = 86_400_000;

type Due = {
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
 * SLA deadlines of orders not yet finished (wo_order.sla_due_at, from the template's hours):
 * a reminder to the assignees at 80 % of the time, an escalation to them and the initiator
 * once overdue, each once (conditional update) and as an in-app message linking the order.
 * Each is also raised to the notification chains of the order's station (notify's
 * `raiseNotice`, once per order and kind by its key) as a minor (reminder) or major (overdue)
 * event, for e-mail and SMS; whoever the in-app message reached gets no second one from a
 * chain. One instance sweeps per minute (claimPeriod); the clock is injectable so tests move it.
 */
export class SlaSweeper {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly messages: MessageService,
    private readonly clock: () => number = Date.now,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      void claimPeriod(this.db, 'workorder-sla', EVERY_MS)
        .then((mine) => (mine ? this.sweep() : 0))
        .catch(() => 0);
    }, EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One sweep; returns how many reminders and escalations went out. */
  async sweep(): Promise<number> {
    const now = new Date(this.clock());
    const open = and(isNull(o.endedAt), lt(o.status, 3), sql`${o.slaDueAt} is not null`);
    const remindAt = sql`${o.createdAt} + (${o.slaDueAt} - ${o.createdAt}) * ${REMIND_AT}`;
    const reminded = await this.db
      .update(o)
      .set({ slaRemindedAt: now })
      .where(and(open, isNull(o.slaRemindedAt), sql`${remindAt} <= ${now}`, sql`${o.slaDueAt} > ${now}`))
      .returning(this.dueColumns());
    const overdue = await this.db
      .update(o)
      .set({ slaEscalatedAt: now, slaRemindedAt: sql`coalesce(${o.slaRemindedAt}, ${now})` })
      .where(and(open, isNull(o.slaEscalatedAt), sql`${o.slaDueAt} <= ${now}`))
      .returning(this.dueColumns());
    for (const d of reminded) await this.notify(d, 'slaReminder', now);
    for (const d of overdue) await this.notify(d, 'slaOverdue', now);
    return reminded.length + overdue.length;
  }

  private dueColumns() {
    return {
      id: o.id,
      number: o.number,
      title: o.title,
      stationId: o.stationId,
      due: sql<Date>`${o.slaDueAt}`.mapWith((v: string | Date) => new Date(v)),
      assignees: o.assignees,
      initiatorId: o.initiatorId,
    };
  }

  private async notify(d: Due, kind: 'slaReminder' | 'slaOverdue', now: Date): Promise<void> {
    const userIds = await this.recipients(d, kind === 'slaOverdue');
    const station = await findStation(this.db, d.stationId);
    const timeZone = station?.timezone ?? DEFAULT_TIMEZONE;
    const params = {
      number: d.number,
      title: d.title,
      // The station's clock, named: the crew reads the deadline where the work is.
      due: `${localDateTime(d.due.getTime(), timeZone).slice(0, 16)} (${timeZone})`,
    };
    const key = kind === 'slaReminder' ? 'workorderSlaReminder' : 'workorderSlaOverdue';
    await this.db.insert(orderSteps).values({ orderId: d.id, action: kind, time: now });
    // One notice per language, each recipient's own (Chinese when none is chosen).
    const langs = await languagesOf(this.db, userIds);
    const byLang = new Map<Lang, number[]>();
    for (const id of userIds) {
      const stored = langs.get(id);
      const lang: Lang = isLang(stored) ? stored : DEFAULT_LANG;
      byLang.set(lang, [...(byLang.get(lang) ?? []), id]);
    }
    for (const [lang, ids] of byLang) {
      await this.messages.sendNotice({
        title: translate(lang, key, params),
        content: translate(lang, key, params),
        messageType: kind === 'slaReminder' ? MESSAGE_TYPE.hint : MESSAGE_TYPE.fault,
        senderName: d.number,
        userIds: ids,
        playStart: now.getTime(),
        playEnd: now.getTime() + DAY_MS,
        link: orderDetailPath(d.id),
      });
    }
    const texts = (lang: Lang) => {
      const subject = translate(lang, key, params);
      return { subject, text: station ? `${subject}\n${station.name}` : subject };
    };
    await raiseNotice(this.db, {
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
  private async recipients(d: Due, withInitiator: boolean): Promise<number[]> {
    const ids = new Set(d.assignees.flatMap((a) => ('userId' in a ? [a.userId] : [])));
    const postIds = d.assignees.flatMap((a) => ('postId' in a ? [a.postId] : []));
    for (const id of await postHolders(this.db, postIds)) ids.add(id);
    if (withInitiator && d.initiatorId !== null) ids.add(d.initiatorId);
    return [...ids];
  }
}
