import {
  isLang,
  type Lang,
  type NotifyChainBody,
  type NotifyChannel,
  type NotifyLogPageBody,
  type NotifyQuietBody,
  type NotifyRateBody,
} from '@ess/contract';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { alarmEvents } from '../../../db/alarm-schema';
import type { Db } from '../../../db/client';
import { nameIn } from '../../../db/local-name-sql';
import {
  notifyChains,
  notifyLog,
  notifyNotices,
  notifyQuietHours,
  notifyRates,
  notifySteps,
  notifyTasks,
} from '../../../db/notify-schema';
import { devices, points, roles, stations, userRoles, users } from '../../../db/schema';
import { userScopeCondition } from '../../../kernel/station-scope.service';
import type { AlarmFacts } from './notify-alarm-text';
import type { Chain, LogEntry, RaisedAlarm, Recipient } from './notify-types';

/** Every query of the notification module: chains, tasks, events, recipients, settings, log. */

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Inside a claim, reads go on the claim's transaction (PGlite has one connection). */
type Reader = Db | Tx;

export type TaskInsert = typeof notifyTasks.$inferInsert;
export type DueTask = { eventId: number; chainId: number; raisedAt: Date };
/** A claimed task's new next-due time (null: finished) and whether it notified now. */
export type TaskMove = { e: number; c: number; next: number | null; fired: boolean };
export type EventState = { facts: AlarmFacts; confirmed: boolean; recovered: boolean };
export type QuietRow = typeof notifyQuietHours.$inferSelect;
export type Rate = { maxPerWindow: number; windowMinutes: number };

const ROWS_PER_INSERT = 2_000;

/* Chains and tasks */

/** Enabled chains with their steps in order (all, or `onlyIds`). */
export async function enabledChains(db: Reader, onlyIds?: number[]): Promise<Chain[]> {
  const where = onlyIds
    ? and(eq(notifyChains.enabled, true), inArray(notifyChains.id, onlyIds))
    : eq(notifyChains.enabled, true);
  const chains = await db.select().from(notifyChains).where(where);
  if (chains.length === 0) return [];
  const ids = chains.map((c) => c.id);
  const steps = await db
    .select()
    .from(notifySteps)
    .where(inArray(notifySteps.chainId, ids))
    .orderBy(notifySteps.chainId, notifySteps.position);
  return chains.map((c) => ({
    id: c.id,
    stationIds: c.stationIds,
    levels: c.levels,
    stopOnRecovery: c.stopOnRecovery,
    steps: steps.filter((s) => s.chainId === c.id),
  }));
}

/** Stores tasks; a raise seen twice (replayed hook, restart) keeps its first task. */
export async function insertTasks(db: Db, rows: TaskInsert[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await db
      .insert(notifyTasks)
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .onConflictDoNothing();
  }
}

/** Ends the tasks of these events (all chains, or only chains that stop on recovery). */
export async function endTasks(db: Db, eventIds: readonly number[], onlyStopOnRecovery = false): Promise<void> {
  const chains = onlyStopOnRecovery
    ? inArray(
        notifyTasks.chainId,
        db.select({ id: notifyChains.id }).from(notifyChains).where(eq(notifyChains.stopOnRecovery, true)),
      )
    : undefined;
  await db
    .update(notifyTasks)
    .set({ nextDueAt: null })
    .where(and(inArray(notifyTasks.eventId, [...eventIds]), chains));
}

/** Locks up to `limit` tasks due at `now`, earliest first; rows another instance holds are skipped. */
export function claimDueTasks(tx: Tx, now: number, limit: number): Promise<DueTask[]> {
  return tx
    .select({ eventId: notifyTasks.eventId, chainId: notifyTasks.chainId, raisedAt: notifyTasks.raisedAt })
    .from(notifyTasks)
    .where(and(isNotNull(notifyTasks.nextDueAt), lte(notifyTasks.nextDueAt, new Date(now))))
    .orderBy(notifyTasks.nextDueAt)
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Moves claimed tasks to their next-due time and counts the rounds that notified, in one statement. */
export async function moveTasks(tx: Tx, moves: TaskMove[]): Promise<void> {
  if (moves.length === 0) return;
  await tx.execute(sql`
    UPDATE ntf_task AS t
    SET next_due_at = CASE WHEN v.next IS NULL THEN NULL
                           ELSE timestamptz 'epoch' + v.next * interval '1 millisecond' END,
        rounds = t.rounds + CASE WHEN v.fired THEN 1 ELSE 0 END
    FROM json_to_recordset(${JSON.stringify(moves)}::json) AS v(e integer, c integer, next double precision, fired boolean)
    WHERE t.event_id = v.e AND t.chain_id = v.c`);
}

/* Notices (station events other than alarms) */

export type NoticeInsert = typeof notifyNotices.$inferInsert;
export type NoticeRow = typeof notifyNotices.$inferSelect;

/** Stores a notice; false when its key was stored before (nothing changes then). */
export async function insertNotice(db: Db, row: NoticeInsert): Promise<boolean> {
  const rows = await db.insert(notifyNotices).values(row).onConflictDoNothing().returning({ key: notifyNotices.key });
  return rows.length > 0;
}

/**
 * Marks up to `limit` unsent notices raised by `now` as sent and returns them, in one statement:
 * rows another instance is claiming are skipped, so no notice goes out twice.
 */
export async function claimNotices(db: Db, now: number, limit: number): Promise<NoticeRow[]> {
  const at = new Date(now);
  const pending = db
    .select({ key: notifyNotices.key })
    .from(notifyNotices)
    .where(and(isNull(notifyNotices.sentAt), lte(notifyNotices.raisedAt, at)))
    .orderBy(notifyNotices.raisedAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(notifyNotices)
    .set({ sentAt: at })
    .where(and(inArray(notifyNotices.key, pending), isNull(notifyNotices.sentAt)))
    .returning();
}

/* Alarm events */

/** Raised events as the input port takes them. */
export async function raisedAlarms(db: Db, ids: number[]): Promise<RaisedAlarm[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: alarmEvents.id,
      stationId: alarmEvents.stationId,
      level: alarmEvents.level,
      raisedAt: alarmEvents.raisedAt,
    })
    .from(alarmEvents)
    .where(inArray(alarmEvents.id, ids));
  return rows.map((r) => ({ ...r, raisedAt: r.raisedAt.getTime() }));
}

/** What a notice says of each event (names in every language), and whether it still needs telling. */
export async function eventStates(db: Reader, ids: number[]): Promise<EventState[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: alarmEvents.id,
      stationId: alarmEvents.stationId,
      stationName: stations.name,
      timezone: stations.timezone,
      kind: alarmEvents.kind,
      deviceName: devices.name,
      deviceNames: devices.names,
      pointCode: alarmEvents.pointCode,
      pointNames: points.names,
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
    .leftJoin(points, and(eq(points.deviceId, alarmEvents.deviceId), eq(points.code, alarmEvents.pointCode)))
    .where(inArray(alarmEvents.id, ids));
  return rows.map(({ recoveredAt, confirmed, ...r }) => ({
    facts: { ...r, raisedAt: r.raisedAt.getTime() },
    confirmed,
    recovered: recoveredAt !== null,
  }));
}

/* Recipients */

/** The users holding each role. */
export async function roleMembers(db: Db, roleIds: number[]): Promise<Map<number, number[]>> {
  const members = new Map<number, number[]>();
  if (roleIds.length === 0) return members;
  const rows = await db
    .select({ roleId: userRoles.roleId, userId: userRoles.userId })
    .from(userRoles)
    .where(inArray(userRoles.roleId, roleIds));
  for (const r of rows) members.set(r.roleId, [...(members.get(r.roleId) ?? []), r.userId]);
  return members;
}

/** Enabled users among `ids`, with their addresses, language and how far they see. */
export async function loadRecipients(db: Db, ids: number[]): Promise<Map<number, Recipient>> {
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
  const adminRows = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(inArray(userRoles.userId, ids), eq(roles.code, 'admin')));
  const admins = new Set(adminRows.map((r) => r.userId));
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
export async function visibleStations(db: Db, r: Recipient, stationIds: number[]): Promise<Set<number>> {
  if (r.seesAll) return new Set(stationIds);
  const rows = await db
    .select({ id: stations.id })
    .from(stations)
    .where(and(inArray(stations.id, stationIds), userScopeCondition(r.id, r.deptId)));
  return new Set(rows.map((x) => x.id));
}

/** Enabled quiet hours of these users. */
export async function quietHoursOf(db: Db, userIds: number[]): Promise<Map<number, QuietRow>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(notifyQuietHours)
    .where(and(inArray(notifyQuietHours.userId, userIds), eq(notifyQuietHours.enabled, true)));
  return new Map(rows.map((r) => [r.userId, r]));
}

/** Stations' own rate limits (the others use the default). */
export async function ratesOf(db: Db, stationIds: number[]): Promise<Map<number, Rate>> {
  if (stationIds.length === 0) return new Map();
  const rows = await db.select().from(notifyRates).where(inArray(notifyRates.stationId, stationIds));
  return new Map(rows.map((r) => [r.stationId, r]));
}

/* Log */

/** Alarm and notice messages sent to a user on a channel about a station since `since` (the rate limit's count). */
export async function sentInWindow(
  db: Db,
  stationId: number,
  userId: number,
  channel: NotifyChannel,
  since: number,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifyLog)
    .where(
      and(
        eq(notifyLog.stationId, stationId),
        eq(notifyLog.userId, userId),
        eq(notifyLog.channel, channel),
        eq(notifyLog.status, 'sent'),
        inArray(notifyLog.reason, ['alarm', 'digest', 'notice']),
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

/** A page of the log, newest first, with station and user names. */
export async function logPage(db: Db, b: NotifyLogPageBody) {
  const filters: SQL[] = [];
  if (b.stationId !== undefined) filters.push(eq(notifyLog.stationId, b.stationId));
  if (b.status) filters.push(eq(notifyLog.status, b.status));
  if (b.channel) filters.push(eq(notifyLog.channel, b.channel));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ l: notifyLog, stationName: stations.name, username: users.username, realName: users.realName })
      .from(notifyLog)
      .leftJoin(stations, eq(stations.id, notifyLog.stationId))
      .leftJoin(users, eq(users.id, notifyLog.userId))
      .where(where)
      .orderBy(desc(notifyLog.at), desc(notifyLog.id))
      .limit(b.pageSize)
      .offset((b.pageNum - 1) * b.pageSize),
    db.select({ n: count() }).from(notifyLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/* Settings */

/** Everything the settings page shows; role names in `lang`. */
export function readSettings(db: Db, lang: Lang) {
  return Promise.all([
    db.select().from(notifyChains).orderBy(asc(notifyChains.id)),
    db.select().from(notifySteps).orderBy(asc(notifySteps.chainId), asc(notifySteps.position)),
    db
      .select({ q: notifyQuietHours, username: users.username, realName: users.realName })
      .from(notifyQuietHours)
      .innerJoin(users, eq(users.id, notifyQuietHours.userId))
      .orderBy(asc(users.username)),
    db
      .select({ r: notifyRates, stationName: stations.name })
      .from(notifyRates)
      .innerJoin(stations, eq(stations.id, notifyRates.stationId))
      .orderBy(asc(stations.name)),
    db
      .select({
        id: users.id,
        username: users.username,
        realName: users.realName,
        email: users.email,
        phone: users.phone,
      })
      .from(users)
      .where(eq(users.enabled, true))
      .orderBy(asc(users.username)),
    db
      .select({ id: roles.id, name: nameIn(roles, lang) })
      .from(roles)
      .where(eq(roles.enabled, true))
      .orderBy(asc(roles.id)),
    db.select({ id: stations.id, name: stations.name }).from(stations).orderBy(asc(stations.name)),
  ]);
}

/** Adds or replaces a chain with its steps in one transaction; null when the chain to replace is gone. */
export function saveChain(db: Db, b: NotifyChainBody): Promise<number | null> {
  return db.transaction(async (tx) => {
    const fields = {
      name: b.name,
      enabled: b.enabled,
      stationIds: [...new Set(b.stationIds)],
      levels: [...new Set(b.levels)],
      stopOnRecovery: b.stopOnRecovery,
      updateTime: new Date(),
    };
    const [row] =
      b.id === undefined
        ? await tx.insert(notifyChains).values(fields).returning({ id: notifyChains.id })
        : await tx.update(notifyChains).set(fields).where(eq(notifyChains.id, b.id)).returning({ id: notifyChains.id });
    if (!row) return null;
    const id = row.id;
    if (b.id !== undefined) await tx.delete(notifySteps).where(eq(notifySteps.chainId, id));
    await tx.insert(notifySteps).values(
      b.steps.map((s, position) => ({
        chainId: id,
        position,
        delayMinutes: s.delayMinutes,
        repeatMinutes: s.repeatMinutes,
        channels: [...new Set(s.channels)],
        userIds: [...new Set(s.userIds)],
        roleIds: [...new Set(s.roleIds)],
      })),
    );
    return id;
  });
}

/** Deletes a chain (its steps and tasks go with it); false when there was none. */
export async function deleteChain(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(notifyChains).where(eq(notifyChains.id, id)).returning({ id: notifyChains.id });
  return rows.length > 0;
}

export async function upsertQuiet(db: Db, b: NotifyQuietBody): Promise<void> {
  const { userId, ...rest } = b;
  await db.insert(notifyQuietHours).values(b).onConflictDoUpdate({ target: notifyQuietHours.userId, set: rest });
}

export async function deleteQuiet(db: Db, userId: number): Promise<void> {
  await db.delete(notifyQuietHours).where(eq(notifyQuietHours.userId, userId));
}

export async function upsertRate(db: Db, b: NotifyRateBody): Promise<void> {
  await db
    .insert(notifyRates)
    .values(b)
    .onConflictDoUpdate({
      target: notifyRates.stationId,
      set: { maxPerWindow: b.maxPerWindow, windowMinutes: b.windowMinutes },
    });
}

export async function deleteRate(db: Db, stationId: number): Promise<void> {
  await db.delete(notifyRates).where(eq(notifyRates.stationId, stationId));
}

/** How many of the given users, roles and stations exist. */
export async function countKnown(db: Db, ids: { users: number[]; roles: number[]; stations: number[] }) {
  const n = async (rows: Promise<{ n: number }[]>) => (await rows)[0]?.n ?? 0;
  const [u, r, s] = await Promise.all([
    ids.users.length ? n(db.select({ n: count() }).from(users).where(inArray(users.id, ids.users))) : 0,
    ids.roles.length ? n(db.select({ n: count() }).from(roles).where(inArray(roles.id, ids.roles))) : 0,
    ids.stations.length ? n(db.select({ n: count() }).from(stations).where(inArray(stations.id, ids.stations))) : 0,
  ]);
  return { users: u, roles: r, stations: s };
}

export async function userExists(db: Db, id: number): Promise<boolean> {
  return (await db.select({ id: users.id }).from(users).where(eq(users.id, id))).length > 0;
}

export async function stationExists(db: Db, id: number): Promise<boolean> {
  return (await db.select({ id: stations.id }).from(stations).where(eq(stations.id, id))).length > 0;
}
