import {
  isLang,
  type Lang,
  localClock,
  localDateTime,
  NOTIFY_DEFAULT_RATE,
  NOTIFY_LIMITS,
  type NotifyChannel,
  type NotifyReason,
  type NotifyStatus,
} from '@ess/contract';
import { and, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { alarmEvents } from '../../db/alarm-schema';
import type { Db } from '../../db/client';
import {
  notifyChains,
  notifyLog,
  notifyQuietHours,
  notifyRates,
  notifySteps,
  notifyTasks,
} from '../../db/notify-schema';
import { devices, roles, stations, userRoles, users } from '../../db/schema';
import { claimPeriod } from '../../lib/job-lock';
import { userScopeCondition } from '../station/station-scope.service';
import { type AlarmFacts, alarmText } from './notify-alarm-text';
import { failureDetail, type NotifyChannels, type Outgoing } from './notify-channels';
import { currentStep, inQuietWindow, nextDue } from './notify-schedule';
import { levelName, notifyTexts } from './notify-texts';

type Log = { warn: (obj: object, msg: string) => void };

/** A raised alarm as the input port takes it (the engine reads the rest from alarm_event). */
export type RaisedAlarm = { id: number; stationId: number; level: number; raisedAt: number };

type Step = {
  delayMinutes: number;
  repeatMinutes: number;
  channels: NotifyChannel[];
  userIds: number[];
  roleIds: number[];
};
type Chain = { id: number; stationIds: number[]; levels: number[]; stopOnRecovery: boolean; steps: Step[] };

type Recipient = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  lang: Lang;
  deptId: number | null;
  /** Admins and group-wide users see every station; others their organisation's and granted ones. */
  seesAll: boolean;
};

/** One alarm for one user on one channel, before grouping into messages. */
type Item = { userId: number; channel: NotifyChannel; chainId: number; step: number; event: AlarmFacts };

export type LogEntry = {
  at: number;
  stationId: number | null;
  chainId: number | null;
  step: number | null;
  userId: number | null;
  channel: NotifyChannel;
  address: string | null;
  status: NotifyStatus;
  reason: NotifyReason;
  subject: string;
  eventIds: number[];
  detail: string | null;
};

export type NotifyEngineDeps = {
  db: Db;
  channels: NotifyChannels;
  log: Log;
  /** The clock of every schedule decision; tests move it. */
  now?: () => number;
  /** A raise waits this long before it is sent, so a storm's batches go out as one digest. */
  coalesceMs?: number;
};

/** Due tasks claimed per round. */
const CLAIM_BATCH = 5_000;
const SEND_CONCURRENCY = 8;

/**
 * Sends alarm notifications along escalation chains (告警通知). Raised alarms become tasks
 * (event × chain) with a next-due time in the database; each tick claims the due ones — moving
 * their next-due time on in the same transaction, before anything is sent — so a restart or a
 * second instance never sends a round twice (a crash between claim and send loses that one
 * round; the next repeat still comes). Per tick, one recipient gets one message per channel and
 * station: a single alarm, or a digest of all of them. Quiet hours and the station's rate limit
 * are applied per message, and every outcome is logged.
 */
export class NotifyEngine {
  private readonly now: () => number;
  private running: Promise<void> | null = null;
  private again = false;
  private coalesce: NodeJS.Timeout | null = null;
  private interval: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly deps: NotifyEngineDeps) {
    this.now = deps.now ?? Date.now;
  }

  /**
   * Starts the timer loop (every `tickMs`; 0 = none, ticks only on raises and explicit calls).
   * Every instance keeps the timer and one of them takes each period (claims of due tasks keep
   * a round from going out twice anyway); a period that cannot be claimed is ticked.
   */
  start(tickMs: number): void {
    if (tickMs <= 0 || this.interval) return;
    this.interval = setInterval(() => {
      claimPeriod(this.deps.db, 'notify-tick', tickMs)
        .catch(() => true)
        .then((mine) => {
          if (mine) this.kick();
        });
    }, tickMs);
    this.interval.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.interval) clearInterval(this.interval);
    if (this.coalesce) clearTimeout(this.coalesce);
    await this.running?.catch(() => {});
  }

  /** Input port: alarms were raised. Creates their tasks; the first round goes out after the coalescing pause. */
  async onAlarmRaised(events: readonly RaisedAlarm[]): Promise<void> {
    if (events.length === 0) return;
    const chains = await this.loadChains();
    const rows: (typeof notifyTasks.$inferInsert)[] = [];
    for (const e of events) {
      for (const c of chains) {
        if (!c.levels.includes(e.level)) continue;
        if (c.stationIds.length > 0 && !c.stationIds.includes(e.stationId)) continue;
        const first = c.steps[0];
        if (!first) continue;
        rows.push({
          eventId: e.id,
          chainId: c.id,
          stationId: e.stationId,
          raisedAt: new Date(e.raisedAt),
          nextDueAt: new Date(e.raisedAt + first.delayMinutes * 60_000),
        });
      }
    }
    for (let i = 0; i < rows.length; i += 2_000) {
      // A raise seen twice (replayed hook, restart) keeps its first task.
      await this.deps.db
        .insert(notifyTasks)
        .values(rows.slice(i, i + 2_000))
        .onConflictDoNothing();
    }
    if (rows.length > 0) this.soon();
  }

  /** Input port: alarms were confirmed; their repeats and escalations stop. */
  async onAlarmsConfirmed(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.deps.db
      .update(notifyTasks)
      .set({ nextDueAt: null })
      .where(inArray(notifyTasks.eventId, [...ids]));
  }

  /** Input port: alarms recovered by themselves; chains with `stopOnRecovery` stop. */
  async onAlarmRecovered(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.deps.db
      .update(notifyTasks)
      .set({ nextDueAt: null })
      .where(
        and(
          inArray(notifyTasks.eventId, [...ids]),
          inArray(
            notifyTasks.chainId,
            this.deps.db
              .select({ id: notifyChains.id })
              .from(notifyChains)
              .where(eq(notifyChains.stopOnRecovery, true)),
          ),
        ),
      );
  }

  /** Sends everything due now; one run at a time (a call during a run waits for one more run). */
  tick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while (!this.closed && (await this.round()) === CLAIM_BATCH) {
            // A full batch: more may be due.
          }
        } while (this.again && !this.closed);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private kick(): void {
    this.tick().catch((err: unknown) => this.deps.log.warn({ err }, 'notification round failed; next tick retries'));
  }

  private soon(): void {
    const wait = this.deps.coalesceMs ?? 2_000;
    if (this.coalesce || this.closed) return;
    this.coalesce = setTimeout(() => {
      this.coalesce = null;
      this.kick();
    }, wait);
    this.coalesce.unref();
  }

  /** Enabled chains with their steps; inside a claim it must read on the claim's transaction (PGlite has one connection). */
  private async loadChains(onlyIds?: number[], db: Db | Tx = this.deps.db): Promise<Chain[]> {
    const where = onlyIds
      ? and(eq(notifyChains.enabled, true), inArray(notifyChains.id, onlyIds))
      : eq(notifyChains.enabled, true);
    const chains = await db.select().from(notifyChains).where(where);
    if (chains.length === 0) return [];
    const steps = await db
      .select()
      .from(notifySteps)
      .where(
        inArray(
          notifySteps.chainId,
          chains.map((c) => c.id),
        ),
      )
      .orderBy(notifySteps.chainId, notifySteps.position);
    return chains.map((c) => ({
      id: c.id,
      stationIds: c.stationIds,
      levels: c.levels,
      stopOnRecovery: c.stopOnRecovery,
      steps: steps.filter((s) => s.chainId === c.id),
    }));
  }

  /** Claims one batch of due tasks, then sends their round. Returns how many were claimed. */
  private async round(): Promise<number> {
    const { db } = this.deps;
    const now = this.now();
    const fired: { chain: Chain; step: number; event: AlarmFacts }[] = [];
    const claimed = await db.transaction(async (tx) => {
      const due = await tx
        .select({
          eventId: notifyTasks.eventId,
          chainId: notifyTasks.chainId,
          raisedAt: notifyTasks.raisedAt,
        })
        .from(notifyTasks)
        .where(and(isNotNull(notifyTasks.nextDueAt), lte(notifyTasks.nextDueAt, new Date(now))))
        .orderBy(notifyTasks.nextDueAt)
        .limit(CLAIM_BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return 0;
      const chains = new Map(
        (await this.loadChains([...new Set(due.map((d) => d.chainId))], tx)).map((c) => [c.id, c]),
      );
      const facts = new Map(
        (await eventFacts(tx, [...new Set(due.map((d) => d.eventId))])).map((f) => [f.facts.id, f]),
      );
      const updates: { e: number; c: number; next: number | null; fired: boolean }[] = [];
      for (const d of due) {
        const chain = chains.get(d.chainId);
        const f = facts.get(d.eventId);
        const stop = !chain || !f || f.confirmed || (f.recovered && chain.stopOnRecovery);
        if (stop) {
          updates.push({ e: d.eventId, c: d.chainId, next: null, fired: false });
          continue;
        }
        const raisedAt = d.raisedAt.getTime();
        const step = currentStep(chain.steps, now - raisedAt);
        if (step >= 0) fired.push({ chain, step, event: f.facts });
        updates.push({ e: d.eventId, c: d.chainId, next: nextDue(chain.steps, raisedAt, now), fired: step >= 0 });
      }
      const json = JSON.stringify(updates);
      await tx.execute(sql`
        UPDATE ntf_task AS t
        SET next_due_at = CASE WHEN v.next IS NULL THEN NULL
                               ELSE timestamptz 'epoch' + v.next * interval '1 millisecond' END,
            rounds = t.rounds + CASE WHEN v.fired THEN 1 ELSE 0 END
        FROM json_to_recordset(${json}::json) AS v(e integer, c integer, next double precision, fired boolean)
        WHERE t.event_id = v.e AND t.chain_id = v.c`);
      return due.length;
    });
    if (fired.length > 0) await this.send(fired, now);
    return claimed;
  }

  /** Expands recipients, groups per user, channel and station, applies quiet hours and rate limits, sends, logs. */
  private async send(fired: { chain: Chain; step: number; event: AlarmFacts }[], now: number): Promise<void> {
    const { db } = this.deps;
    const roleIds = new Set<number>();
    const userIds = new Set<number>();
    for (const f of fired) {
      const s = f.chain.steps[f.step];
      for (const r of s?.roleIds ?? []) roleIds.add(r);
      for (const u of s?.userIds ?? []) userIds.add(u);
    }
    const roleMembers = new Map<number, number[]>();
    if (roleIds.size > 0) {
      const rows = await db
        .select({ roleId: userRoles.roleId, userId: userRoles.userId })
        .from(userRoles)
        .where(inArray(userRoles.roleId, [...roleIds]));
      for (const r of rows) {
        roleMembers.set(r.roleId, [...(roleMembers.get(r.roleId) ?? []), r.userId]);
        userIds.add(r.userId);
      }
    }
    const recipients = await loadRecipients(db, [...userIds]);

    // One item per user, channel and event: the same person in two chains or steps is told once.
    const items = new Map<string, Item>();
    for (const f of fired) {
      const s = f.chain.steps[f.step];
      if (!s) continue;
      const who = new Set([...s.userIds, ...s.roleIds.flatMap((r) => roleMembers.get(r) ?? [])]);
      for (const userId of who) {
        if (!recipients.has(userId)) continue;
        for (const channel of s.channels) {
          const key = `${userId}/${channel}/${f.event.id}`;
          if (!items.has(key)) items.set(key, { userId, channel, chainId: f.chain.id, step: f.step, event: f.event });
        }
      }
    }
    const groups = new Map<string, Item[]>();
    for (const it of items.values()) {
      const key = `${it.userId}/${it.channel}/${it.event.stationId}`;
      groups.set(key, [...(groups.get(key) ?? []), it]);
    }

    const firedStations = [...new Set(fired.map((f) => f.event.stationId))];
    const visible = new Map<number, Set<number>>();
    for (const userId of new Set([...groups.values()].map((g) => g[0]?.userId ?? 0))) {
      const r = recipients.get(userId);
      if (r) visible.set(userId, await visibleStations(db, r, firedStations));
    }
    const quiet = await loadQuiet(db, [...new Set([...groups.values()].map((g) => g[0]?.userId ?? 0))]);
    const rates = await loadRates(db, [...new Set(fired.map((f) => f.event.stationId))]);
    const entries: LogEntry[] = [];
    const sends: (() => Promise<void>)[] = [];
    for (const group of groups.values()) {
      const first = group[0];
      if (!first) continue;
      const user = recipients.get(first.userId);
      if (!user) continue;
      const { channel } = first;
      const base = {
        at: now,
        stationId: first.event.stationId,
        chainId: first.chainId,
        step: first.step + 1,
        userId: user.id,
        channel,
      };
      let events = group.map((g) => g.event).sort((a, b) => a.level - b.level || a.raisedAt - b.raisedAt);
      if (!visible.get(user.id)?.has(first.event.stationId)) {
        const m = compose(user.lang, events);
        entries.push({
          ...base,
          address: addressOf(user, channel),
          status: 'suppressed',
          reason: 'outOfScope',
          subject: m.subject,
          eventIds: events.map((e) => e.id),
          detail: null,
        });
        continue;
      }

      // Quiet hours hold back e-mail and SMS; level-1 alarms pass when the user allows them.
      const q = quiet.get(user.id);
      if (
        q &&
        channel !== 'inapp' &&
        inQuietWindow(localClock(now, q.timezone).minuteOfDay, q.startMinute, q.endMinute)
      ) {
        const held = q.allowCritical ? events.filter((e) => e.level !== 1) : events;
        if (held.length > 0) {
          const m = compose(user.lang, held);
          entries.push({
            ...base,
            address: addressOf(user, channel),
            status: 'suppressed',
            reason: 'quietHours',
            subject: m.subject,
            eventIds: held.map((e) => e.id),
            detail: null,
          });
        }
        events = events.filter((e) => !held.includes(e));
        if (events.length === 0) continue;
      }

      const m = compose(user.lang, events);
      const reason: NotifyReason = events.length > 1 ? 'digest' : 'alarm';
      const address = addressOf(user, channel);
      const eventIds = events.map((e) => e.id);
      const rate = rates.get(first.event.stationId) ?? NOTIFY_DEFAULT_RATE;
      const sent = await sentInWindow(db, first.event.stationId, user.id, channel, now - rate.windowMinutes * 60_000);
      if (sent >= rate.maxPerWindow) {
        entries.push({
          ...base,
          address,
          status: 'suppressed',
          reason: 'rateLimit',
          subject: m.subject,
          eventIds,
          detail: `${sent}/${rate.maxPerWindow} in ${rate.windowMinutes} min`,
        });
        continue;
      }
      const sender = this.deps.channels[channel];
      if (!sender) {
        entries.push({
          ...base,
          address,
          status: 'failed',
          reason: 'channelOff',
          subject: m.subject,
          eventIds,
          detail: null,
        });
        continue;
      }
      if (channel !== 'inapp' && !address) {
        entries.push({
          ...base,
          address: null,
          status: 'failed',
          reason: 'noAddress',
          subject: m.subject,
          eventIds,
          detail: null,
        });
        continue;
      }
      // The rate limit counts this message from now on, whether or not the channel accepts it.
      const entry: LogEntry = { ...base, address, status: 'sent', reason, subject: m.subject, eventIds, detail: null };
      entries.push(entry);
      const out: Outgoing = {
        userId: user.id,
        address,
        lang: user.lang,
        subject: m.subject,
        text: m.text,
        level: events[0]?.level ?? 4,
        at: now,
      };
      sends.push(async () => {
        try {
          await sender.send(out);
        } catch (err) {
          entry.status = 'failed';
          entry.reason = 'error';
          entry.detail = failureDetail(err);
        }
      });
    }
    await runLimited(sends, SEND_CONCURRENCY);
    await writeLog(db, entries);
  }

  /** A test message to one user on one channel, logged like the rest. */
  async testSend(userId: number, channel: NotifyChannel): Promise<LogEntry> {
    const user = (await loadRecipients(this.deps.db, [userId])).get(userId);
    const t = notifyTexts(user?.lang ?? 'zh_CN');
    const address = user ? addressOf(user, channel) : null;
    const entry: LogEntry = {
      at: this.now(),
      stationId: null,
      chainId: null,
      step: null,
      userId: user ? userId : null,
      channel,
      address,
      status: 'sent',
      reason: 'test',
      subject: t.testSubject,
      eventIds: [],
      detail: null,
    };
    const sender = this.deps.channels[channel];
    if (!sender) Object.assign(entry, { status: 'failed', reason: 'channelOff' });
    else if (channel !== 'inapp' && !address) Object.assign(entry, { status: 'failed', reason: 'noAddress' });
    else if (user) {
      try {
        await sender.send({
          userId,
          address,
          lang: user.lang,
          subject: t.testSubject,
          text: t.testBody,
          level: 4,
          at: entry.at,
        });
      } catch (err) {
        Object.assign(entry, { status: 'failed', reason: 'error', detail: failureDetail(err) });
      }
    }
    await writeLog(this.deps.db, [entry]);
    return entry;
  }

  /** Which channels can deliver (e-mail and SMS need their environment). */
  channelsOn(): Record<NotifyChannel, boolean> {
    const c = this.deps.channels;
    return { email: Boolean(c.email), sms: Boolean(c.sms), inapp: Boolean(c.inapp) };
  }
}

const addressOf = (u: Recipient, channel: NotifyChannel): string | null =>
  channel === 'email' ? u.email : channel === 'sms' ? u.phone : null;

/** Subject and body in the recipient's language: one alarm, or a digest of a station's alarms. */
function compose(lang: Lang, events: AlarmFacts[]): { subject: string; text: string } {
  const t = notifyTexts(lang);
  const first = events[0];
  if (!first) return { subject: '', text: '' };
  const line = (e: AlarmFacts) =>
    t.line(localDateTime(e.raisedAt, e.timezone), levelName(lang, e.level), alarmText(e, lang));
  if (events.length === 1) {
    return {
      subject: t.subject(levelName(lang, first.level), first.stationName, alarmText(first, lang)),
      text: `${line(first)}\n\n${t.footer}`,
    };
  }
  const shown = events.slice(0, NOTIFY_LIMITS.digestLines).map(line);
  const rest = events.length - shown.length;
  return {
    subject: t.digestSubject(events.length, first.stationName),
    text: `${shown.join('\n')}${rest > 0 ? `\n${t.more(rest)}` : ''}\n\n${t.footer}`,
  };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function eventFacts(
  db: Db | Tx,
  ids: number[],
): Promise<{ facts: AlarmFacts; confirmed: boolean; recovered: boolean }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: alarmEvents.id,
      stationId: alarmEvents.stationId,
      stationName: stations.name,
      timezone: stations.timezone,
      kind: alarmEvents.kind,
      deviceName: devices.name,
      pointCode: alarmEvents.pointCode,
      value: alarmEvents.value,
      limit: alarmEvents.limit,
      level: alarmEvents.level,
      content: alarmEvents.content,
      raisedAt: alarmEvents.raisedAt,
      recoveredAt: alarmEvents.recoveredAt,
      confirmed: alarmEvents.confirmed,
    })
    .from(alarmEvents)
    .innerJoin(stations, eq(stations.id, alarmEvents.stationId))
    .leftJoin(devices, eq(devices.id, alarmEvents.deviceId))
    .where(inArray(alarmEvents.id, ids));
  return rows.map((r) => ({
    facts: { ...r, raisedAt: r.raisedAt.getTime() },
    confirmed: r.confirmed,
    recovered: r.recoveredAt !== null,
  }));
}

async function loadRecipients(db: Db, ids: number[]): Promise<Map<number, Recipient>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      realName: users.realName,
      email: users.email,
      phone: users.phone,
      lang: users.lang,
      deptId: users.deptId,
      groupWide: users.groupWide,
    })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.enabled, true)));
  const admins = new Set(
    (
      await db
        .select({ userId: userRoles.userId })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(and(inArray(userRoles.userId, ids), eq(roles.code, 'admin')))
    ).map((r) => r.userId),
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        name: r.realName || r.username,
        email: r.email?.trim() || null,
        phone: r.phone?.trim() || null,
        lang: isLang(r.lang) ? r.lang : 'zh_CN',
        deptId: r.deptId,
        seesAll: r.groupWide || admins.has(r.id),
      },
    ]),
  );
}

/**
 * Which of `stationIds` the user may see (the same scope as the alarm lists): nobody is told
 * about a station they could not open, whichever chain or role names them.
 */
async function visibleStations(db: Db, r: Recipient, stationIds: number[]): Promise<Set<number>> {
  if (r.seesAll) return new Set(stationIds);
  const rows = await db
    .select({ id: stations.id })
    .from(stations)
    .where(and(inArray(stations.id, stationIds), userScopeCondition(r.id, r.deptId)));
  return new Set(rows.map((x) => x.id));
}

async function loadQuiet(db: Db, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, typeof notifyQuietHours.$inferSelect>();
  const rows = await db
    .select()
    .from(notifyQuietHours)
    .where(and(inArray(notifyQuietHours.userId, userIds), eq(notifyQuietHours.enabled, true)));
  return new Map(rows.map((r) => [r.userId, r]));
}

async function loadRates(db: Db, stationIds: number[]) {
  if (stationIds.length === 0) return new Map<number, { maxPerWindow: number; windowMinutes: number }>();
  const rows = await db.select().from(notifyRates).where(inArray(notifyRates.stationId, stationIds));
  return new Map(rows.map((r) => [r.stationId, r]));
}

/** Alarm messages sent to a user on a channel about a station since `since` (the rate limit's count). */
async function sentInWindow(db: Db, stationId: number, userId: number, channel: NotifyChannel, since: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifyLog)
    .where(
      and(
        eq(notifyLog.stationId, stationId),
        eq(notifyLog.userId, userId),
        eq(notifyLog.channel, channel),
        eq(notifyLog.status, 'sent'),
        inArray(notifyLog.reason, ['alarm', 'digest']),
        gt(notifyLog.at, new Date(since)),
      ),
    );
  return row?.n ?? 0;
}

export async function writeLog(db: Db, entries: LogEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += 1_000) {
    await db.insert(notifyLog).values(entries.slice(i, i + 1_000).map((e) => ({ ...e, at: new Date(e.at) })));
  }
}

async function runLimited(jobs: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      if (job) await job();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
}
