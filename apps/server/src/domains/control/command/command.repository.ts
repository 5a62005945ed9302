import type { CommandKind, CommandOrigin, CommandRow, CommandState, Lang, SortOrder } from '@ess/contract';
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysInstances } from '../../../db/cluster-schema';
import { commands } from '../../../db/command-schema';
import { devices, points, stations, users } from '../../../db/schema';
import { instant } from '../../../lib/instant';
import { pageOrder, pageSlice } from '../../../lib/paging';
import { localName, rowName } from '../../stations/device';
import { readMessage } from './command-message';

const IN_FLIGHT = sql`${commands.state} in ('pending', 'sent')`;

export type NewCommand = {
  commandId: string;
  stationId: number;
  deviceId: number;
  kind: CommandKind;
  origin: CommandOrigin;
  lane: string | null;
  payload: Record<string, unknown>;
  pointCode: string | null;
  value: number | null;
  timeoutS: number;
  issuedBy: number | null;
  issuerInstance: string;
};

/** A row of biz_command as stored. */
export type StoredCommand = typeof commands.$inferSelect;

export async function insertCommand(db: Db, c: NewCommand): Promise<StoredCommand> {
  const [row] = await db.insert(commands).values(c).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Published: pending → sent (null when an answer that came first has already resolved it). */
export async function markSent(db: Db, id: number): Promise<StoredCommand | null> {
  const rows = await db
    .update(commands)
    .set({ state: 'sent', sentTime: new Date() })
    .where(and(eq(commands.id, id), eq(commands.state, 'pending')))
    .returning();
  return rows[0] ?? null;
}

export type ResendClaim = {
  id: number;
  commandId: string;
  stationId: number;
  deviceId: number | null;
  payload: Record<string, unknown>;
};

/**
 * Left behind: issued by this instance before it started again, by an instance of an older
 * release (no issuer), or by one whose heartbeat stopped. Another live instance's commands are
 * its own to send and settle.
 */
const leftBehind = (me: string, staleS: number) => sql`(${commands.issuerInstance} IS NULL
  OR ${commands.issuerInstance} = ${me}
  OR NOT EXISTS (SELECT 1 FROM ${sysInstances} i WHERE i.id = ${commands.issuerInstance}
    AND i.beat_time > now() - ${staleS} * interval '1 second'))`;

/**
 * After a restart: claims the commands in flight that were left behind (see above), created
 * before this instance started and still within their timeout, to send them again. The claim is
 * one conditional update, so when several instances start together each command goes to one.
 */
export async function claimResends(
  db: Db,
  startedAt: Date,
  now: Date,
  me: string,
  staleS: number,
): Promise<ResendClaim[]> {
  return db
    .update(commands)
    .set({ resentTime: now })
    .where(
      and(
        IN_FLIGHT,
        isNull(commands.resentTime),
        lt(commands.createTime, startedAt),
        sql`${commands.createTime} + ${commands.timeoutS} * interval '1 second' > ${now}`,
        leftBehind(me, staleS),
      ),
    )
    .returning({
      id: commands.id,
      commandId: commands.commandId,
      stationId: commands.stationId,
      deviceId: commands.deviceId,
      payload: commands.payload,
    });
}

/** A device's answer to a command already cancelled: kept in its message, the state stays. */
export async function recordLateAck(
  db: Db,
  commandId: string,
  deviceId: number,
  message: string,
): Promise<StoredCommand | null> {
  const rows = await db
    .update(commands)
    .set({ message })
    .where(and(eq(commands.commandId, commandId), eq(commands.deviceId, deviceId), eq(commands.state, 'cancelled')))
    .returning();
  return rows[0] ?? null;
}

/** What issued a command and where it went (who may cancel it), and where the cancel goes. */
export async function commandAddress(db: Db, id: number) {
  const [row] = await db
    .select({
      id: commands.id,
      commandId: commands.commandId,
      origin: commands.origin,
      stationId: commands.stationId,
      stationCode: stations.code,
      deviceId: commands.deviceId,
      deviceType: devices.type,
      sn: devices.sn,
      pointCode: commands.pointCode,
    })
    .from(commands)
    .innerJoin(stations, eq(stations.id, commands.stationId))
    .leftJoin(devices, eq(devices.id, commands.deviceId))
    .where(eq(commands.id, id));
  return row ?? null;
}

/**
 * Settles a command still in flight; null when it had already been settled. A device's answer
 * (`commandId` and device) proves it was sent: an answer that overtook the "sent" write (a fast
 * device, right after publishing) leaves it sent at the answer's time, never "answered, not sent".
 */
export async function resolveCommand(
  db: Db,
  where: { id: number } | { commandId: string; deviceId: number },
  state: Exclude<CommandState, 'pending' | 'sent'>,
  message: string | null,
): Promise<StoredCommand | null> {
  const now = new Date();
  const answered = !('id' in where);
  const key = answered
    ? and(eq(commands.commandId, where.commandId), eq(commands.deviceId, where.deviceId))
    : eq(commands.id, where.id);
  const rows = await db
    .update(commands)
    .set({
      state,
      message,
      resolvedTime: now,
      ...(answered ? { sentTime: sql`coalesce(${commands.sentTime}, ${now.toISOString()}::timestamptz)` } : {}),
    })
    .where(and(key, IN_FLIGHT))
    .returning();
  return rows[0] ?? null;
}

/** The issuer's shown name (real name, else login name). */
export async function issuerName(db: Db, userId: number): Promise<string | null> {
  const [u] = await db
    .select({ name: sql<string | null>`coalesce(${users.realName}, ${users.username})` })
    .from(users)
    .where(eq(users.id, userId));
  return u?.name ?? null;
}

export async function deviceSn(db: Db, deviceId: number): Promise<string | null> {
  const [d] = await db.select({ sn: devices.sn }).from(devices).where(eq(devices.id, deviceId));
  return d?.sn ?? null;
}

/** The list shape of a stored row, given its device's serial and its issuer's name. */
export const describeCommand = (
  r: StoredCommand,
  names: { deviceSn: string | null; issuedBy: string | null },
): CommandRow => ({
  id: r.id,
  commandId: r.commandId,
  stationId: r.stationId,
  deviceId: r.deviceId,
  deviceSn: names.deviceSn,
  kind: r.kind,
  pointCode: r.pointCode,
  value: r.value,
  state: r.state,
  issuedBy: names.issuedBy,
  createTime: r.createTime.getTime(),
  sentTime: r.sentTime?.getTime() ?? null,
  resolvedTime: r.resolvedTime?.getTime() ?? null,
  message: r.message,
});

/** Commands in flight past their timeout (also those a stopped server left behind). */
export async function expireCommands(
  db: Db,
  now: Date,
  me: string,
  staleS: number,
): Promise<{ id: number; timeoutS: number; leftBehind: boolean }[]> {
  return db
    .select({ id: commands.id, timeoutS: commands.timeoutS, leftBehind: sql<boolean>`${leftBehind(me, staleS)}` })
    .from(commands)
    .where(and(IN_FLIGHT, sql`${commands.createTime} + ${commands.timeoutS} * interval '1 second' <= ${now}`));
}

const rowColumns = {
  id: commands.id,
  commandId: commands.commandId,
  stationId: commands.stationId,
  deviceId: commands.deviceId,
  deviceSn: devices.sn,
  deviceLabel: devices.name,
  deviceNames: devices.names,
  kind: commands.kind,
  pointCode: commands.pointCode,
  pointNames: points.names,
  value: commands.value,
  state: commands.state,
  issuedBy: sql<string | null>`coalesce(${users.realName}, ${users.username})`,
  createTime: commands.createTime,
  sentTime: commands.sentTime,
  resolvedTime: commands.resolvedTime,
  message: commands.message,
};

type Joined = 'issuedBy' | 'deviceSn' | 'deviceLabel' | 'deviceNames' | 'pointNames';
type Selected = {
  [K in keyof typeof rowColumns]: K extends 'issuedBy' | 'deviceSn' | 'deviceLabel'
    ? string | null
    : K extends 'deviceNames' | 'pointNames'
      ? Partial<Record<string, string>> | null
      : (typeof commands.$inferSelect)[Exclude<K, Joined>];
};

/** `lang` null: the message as stored (`@key {params}` for the platform's own; see command-message.ts). */
const toRow = ({ deviceLabel, deviceNames, pointNames, ...r }: Selected, lang: Lang | null): CommandRow => ({
  ...r,
  ...(lang && {
    deviceName: deviceLabel === null ? null : rowName({ name: deviceLabel, names: deviceNames }, lang),
    pointName: r.pointCode === null || !pointNames ? null : localName(pointNames, lang, r.pointCode),
  }),
  createTime: r.createTime.getTime(),
  sentTime: r.sentTime?.getTime() ?? null,
  resolvedTime: r.resolvedTime?.getTime() ?? null,
  message: lang ? readMessage(r.message, lang) : r.message,
});

const selectRows = (db: Db) =>
  db
    .select(rowColumns)
    .from(commands)
    .leftJoin(devices, eq(devices.id, commands.deviceId))
    .leftJoin(points, and(eq(points.deviceId, commands.deviceId), eq(points.code, commands.pointCode)))
    .leftJoin(users, eq(users.id, commands.issuedBy));

export async function findCommand(db: Db, id: number, lang: Lang | null): Promise<CommandRow | null> {
  const [r] = await selectRows(db).where(eq(commands.id, id));
  return r ? toRow(r, lang) : null;
}

/** The newest command of these kinds per station. */
export async function lastCommands(
  db: Db,
  stationIds: number[],
  kinds: CommandKind[],
  lang: Lang,
): Promise<Map<number, CommandRow>> {
  if (stationIds.length === 0) return new Map();
  const newest = db
    .select({ id: sql<number>`max(${commands.id})` })
    .from(commands)
    .where(and(inArray(commands.stationId, stationIds), inArray(commands.kind, kinds)))
    .groupBy(commands.stationId);
  const rows = await selectRows(db).where(inArray(commands.id, newest));
  return new Map(rows.map((r) => [r.stationId, toRow(r, lang)]));
}

/** The command in flight of each of these devices (one at a time per device for point commands). */
export async function inFlightOfDevices(db: Db, deviceIds: number[], lang: Lang): Promise<Map<number, CommandRow>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await selectRows(db)
    .where(and(inArray(commands.deviceId, deviceIds), IN_FLIGHT))
    .orderBy(asc(commands.id));
  const out = new Map<number, CommandRow>();
  for (const r of rows) if (r.deviceId !== null) out.set(r.deviceId, toRow(r, lang));
  return out;
}

export type CommandFilter = {
  stationId: number;
  deviceId?: number;
  state?: CommandRow['state'];
  kind?: CommandKind;
  from?: number;
  to?: number;
};

/** A page of a station's commands, newest first unless sorted otherwise. */
export async function commandPage(
  db: Db,
  f: CommandFilter,
  page: { pageNum: number; pageSize: number; orderBy?: 'createTime' | 'state'; order?: SortOrder },
  lang: Lang,
): Promise<{ rows: CommandRow[]; total: number }> {
  const conds: SQL[] = [eq(commands.stationId, f.stationId)];
  if (f.deviceId !== undefined) conds.push(eq(commands.deviceId, f.deviceId));
  if (f.state) conds.push(eq(commands.state, f.state));
  if (f.kind) conds.push(eq(commands.kind, f.kind));
  if (f.from !== undefined) conds.push(gte(commands.createTime, instant(f.from, 'from')));
  if (f.to !== undefined) conds.push(lte(commands.createTime, instant(f.to, 'to')));
  const where = and(...conds);
  const { limit, offset } = pageSlice(page);
  const order = pageOrder(page, { createTime: commands.createTime, state: commands.state }, [desc(commands.id)]);
  const [rows, count] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(commands).where(where),
  ]);
  return { rows: rows.map((r) => toRow(r, lang)), total: count[0]?.n ?? 0 };
}

/** A command's state by protocol id, for modules that track their own commands (absent: never stored). */
export type CommandOutcome = { state: CommandState; message: string | null; resolvedTime: Date | null };

export async function commandOutcomes(db: Db, commandIds: readonly string[]): Promise<Map<string, CommandOutcome>> {
  if (commandIds.length === 0) return new Map();
  const rows = await db
    .select({
      commandId: commands.commandId,
      state: commands.state,
      message: commands.message,
      resolvedTime: commands.resolvedTime,
    })
    .from(commands)
    .where(inArray(commands.commandId, [...commandIds]));
  return new Map(rows.map(({ commandId, ...o }) => [commandId, o]));
}

/** The row id of a command by its protocol id. */
export async function commandRowId(db: Db, commandId: string): Promise<number | null> {
  const [r] = await db.select({ id: commands.id }).from(commands).where(eq(commands.commandId, commandId));
  return r?.id ?? null;
}
