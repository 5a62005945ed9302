import type { CommandKind, CommandRow, CommandState, Lang } from '@ess/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { commands } from '../../db/command-schema';
import { devices, users } from '../../db/schema';
import { readMessage } from './command-message';

const IN_FLIGHT = sql`${commands.state} in ('pending', 'sent')`;

export type NewCommand = {
  commandId: string;
  stationId: number;
  deviceId: number;
  kind: CommandKind;
  lane: string | null;
  payload: Record<string, unknown>;
  pointCode: string | null;
  value: number | null;
  timeoutS: number;
  issuedBy: number;
};

export async function insertCommand(db: Db, c: NewCommand): Promise<number> {
  const [row] = await db.insert(commands).values(c).returning({ id: commands.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Published: pending → sent (an answer that came first has already resolved it). */
export async function markSent(db: Db, id: number): Promise<void> {
  await db
    .update(commands)
    .set({ state: 'sent', sentTime: new Date() })
    .where(and(eq(commands.id, id), eq(commands.state, 'pending')));
}

export type SettledKey = { id: number; commandId: string; stationId: number; deviceId: number | null };

/** Settles a command still in flight; null when it had already been settled. */
export async function resolveCommand(
  db: Db,
  where: { id: number } | { commandId: string; deviceId: number },
  state: Exclude<CommandState, 'pending' | 'sent'>,
  message: string | null,
): Promise<SettledKey | null> {
  const key =
    'id' in where
      ? eq(commands.id, where.id)
      : and(eq(commands.commandId, where.commandId), eq(commands.deviceId, where.deviceId));
  const rows = await db
    .update(commands)
    .set({ state, message, resolvedTime: new Date() })
    .where(and(key, IN_FLIGHT))
    .returning({
      id: commands.id,
      commandId: commands.commandId,
      stationId: commands.stationId,
      deviceId: commands.deviceId,
    });
  return rows[0] ?? null;
}

/** Commands in flight past their timeout (also those a stopped server left behind). */
export async function expireCommands(db: Db, now: Date): Promise<{ id: number; timeoutS: number }[]> {
  return db
    .select({ id: commands.id, timeoutS: commands.timeoutS })
    .from(commands)
    .where(and(IN_FLIGHT, sql`${commands.createTime} + ${commands.timeoutS} * interval '1 second' <= ${now}`));
}

export async function inFlightOfLane(db: Db, stationId: number, lane: string): Promise<boolean> {
  const rows = await db
    .select({ id: commands.id })
    .from(commands)
    .where(and(eq(commands.stationId, stationId), eq(commands.lane, lane), IN_FLIGHT))
    .limit(1);
  return rows.length > 0;
}

const rowColumns = {
  id: commands.id,
  commandId: commands.commandId,
  stationId: commands.stationId,
  deviceId: commands.deviceId,
  deviceSn: devices.sn,
  kind: commands.kind,
  pointCode: commands.pointCode,
  value: commands.value,
  state: commands.state,
  issuedBy: sql<string | null>`coalesce(${users.realName}, ${users.username})`,
  createTime: commands.createTime,
  sentTime: commands.sentTime,
  resolvedTime: commands.resolvedTime,
  message: commands.message,
};

type Selected = {
  [K in keyof typeof rowColumns]: K extends 'issuedBy' | 'deviceSn'
    ? string | null
    : (typeof commands.$inferSelect)[Exclude<K, 'issuedBy' | 'deviceSn'>];
};

const toRow = (r: Selected, lang: Lang): CommandRow => ({
  ...r,
  createTime: r.createTime.getTime(),
  sentTime: r.sentTime?.getTime() ?? null,
  resolvedTime: r.resolvedTime?.getTime() ?? null,
  message: readMessage(r.message, lang),
});

const selectRows = (db: Db) =>
  db
    .select(rowColumns)
    .from(commands)
    .leftJoin(devices, eq(devices.id, commands.deviceId))
    .leftJoin(users, eq(users.id, commands.issuedBy));

export async function findCommand(db: Db, id: number, lang: Lang): Promise<CommandRow | null> {
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
