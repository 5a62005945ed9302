import type { AlarmKind, AlarmLevel, DeviceType } from '@ess/contract';
import { and, count, eq, gt, inArray, isNull, lt, lte, min, ne, not, or, sql } from 'drizzle-orm';
import { alarmEvents } from '../../../db/alarm-schema';
import type { Db } from '../../../db/client';

/** The engine's writes: raised events in multi-row inserts, recoveries by key in one update. */

export type RaisedEvent = {
  key: string;
  stationId: number;
  deviceId: number | null;
  deviceType: DeviceType | null;
  kind: AlarmKind;
  definitionId: number | null;
  pointCode: string | null;
  value: number | null;
  limit: number | null;
  level: AlarmLevel;
  /** The template (rule events) or '' (offline, lost: their text is the catalogue's, in the reader's language). */
  content: string;
  raisedAt: number;
};

export type RecoveredEvent = { key: string; at: number };
export type Written = { id: number; stationId: number };

/** Rows per insert statement: 12 parameters each, well under PostgreSQL's 65,535. */
const INSERT_CHUNK = 2_000;

/** Stores raised events; a key that already has an active event is skipped (restart, another instance). */
export async function insertRaised(db: Db, events: RaisedEvent[]): Promise<Written[]> {
  const out: Written[] = [];
  for (let i = 0; i < events.length; i += INSERT_CHUNK) {
    const rows = await db
      .insert(alarmEvents)
      .values(
        events.slice(i, i + INSERT_CHUNK).map((e) => ({
          stationId: e.stationId,
          deviceId: e.deviceId,
          deviceType: e.deviceType,
          kind: e.kind,
          definitionId: e.definitionId,
          pointCode: e.pointCode,
          value: e.value,
          limit: e.limit,
          level: e.level,
          content: e.content,
          dedupKey: e.key,
          raisedAt: new Date(e.raisedAt),
        })),
      )
      .onConflictDoNothing({ target: alarmEvents.dedupKey, where: sql`${alarmEvents.recoveredAt} IS NULL` })
      .returning({ id: alarmEvents.id, stationId: alarmEvents.stationId });
    out.push(...rows);
  }
  return out;
}

/** Sets the recovery time of the active events of these keys (one statement per chunk). */
export async function recoverKeys(db: Db, events: RecoveredEvent[]): Promise<Written[]> {
  const out: Written[] = [];
  for (let i = 0; i < events.length; i += INSERT_CHUNK) {
    const chunk = events.slice(i, i + INSERT_CHUNK);
    const times = JSON.stringify(chunk.map((e) => ({ k: e.key, at: e.at })));
    const rows = await db
      .update(alarmEvents)
      .set({
        recoveredAt: sql`(SELECT timestamptz 'epoch' + v.at * interval '1 millisecond'
          FROM json_to_recordset(${times}::json) AS v(k text, at double precision)
          WHERE v.k = ${alarmEvents.dedupKey} LIMIT 1)`,
      })
      .where(
        and(
          inArray(
            alarmEvents.dedupKey,
            chunk.map((e) => e.key),
          ),
          isNull(alarmEvents.recoveredAt),
        ),
      )
      .returning({ id: alarmEvents.id, stationId: alarmEvents.stationId });
    out.push(...rows);
  }
  return out;
}

/** Recovers every active event of these definitions (deleted). */
export async function recoverDefinitions(db: Db, definitionIds: number[], at: number): Promise<Written[]> {
  if (definitionIds.length === 0) return [];
  return db
    .update(alarmEvents)
    .set({ recoveredAt: new Date(at) })
    .where(and(inArray(alarmEvents.definitionId, definitionIds), isNull(alarmEvents.recoveredAt)))
    .returning({ id: alarmEvents.id, stationId: alarmEvents.stationId });
}

/** Keys of the active events: the engine's state after a restart. */
export async function activeKeys(db: Db): Promise<string[]> {
  const rows = await db.select({ key: alarmEvents.dedupKey }).from(alarmEvents).where(isNull(alarmEvents.recoveredAt));
  return rows.map((r) => r.key);
}

/** Stations with an active event of `kind` (the dispatch-deviation job's state). */
export async function stationsWithActive(db: Db, kind: AlarmKind): Promise<Set<number>> {
  const rows = await db
    .select({ stationId: alarmEvents.stationId })
    .from(alarmEvents)
    .where(and(eq(alarmEvents.kind, kind), isNull(alarmEvents.recoveredAt)));
  return new Set(rows.map((r) => r.stationId));
}

/** The most severe level among a station's active alarms (1 critical … 4 hint); null: none active. */
export async function worstActiveLevel(db: Db, stationId: number): Promise<number | null> {
  const [row] = await db
    .select({ level: min(alarmEvents.level) })
    .from(alarmEvents)
    .where(and(eq(alarmEvents.stationId, stationId), isNull(alarmEvents.recoveredAt)));
  return row?.level ?? null;
}

/**
 * When a station had an alarm of `maxLevel` or more severe (1 critical) raised within [from, to)
 * (epoch ms): raised to recovered (now for one still active). Plan deviations are left out:
 * the station ran, only not as planned. The run reviews count those hours as lost to alarms.
 */
export async function severeAlarmSpans(
  db: Db,
  stationId: number,
  from: number,
  to: number,
  maxLevel: number,
): Promise<{ start: number; end: number }[]> {
  const rows = await db
    .select({ start: alarmEvents.raisedAt, end: alarmEvents.recoveredAt })
    .from(alarmEvents)
    .where(
      and(
        eq(alarmEvents.stationId, stationId),
        lte(alarmEvents.level, maxLevel),
        ne(alarmEvents.kind, 'deviation'),
        lt(alarmEvents.raisedAt, new Date(to)),
        or(isNull(alarmEvents.recoveredAt), gt(alarmEvents.recoveredAt, new Date(from))),
      ),
    );
  return rows.map((r) => ({ start: r.start.getTime(), end: r.end?.getTime() ?? Number.POSITIVE_INFINITY }));
}

/** Active events of the whole deployment by level (the metrics gauge). */
export async function activeCountsByLevel(db: Db): Promise<{ level: number; n: number }[]> {
  return db
    .select({ level: alarmEvents.level, n: count() })
    .from(alarmEvents)
    .where(isNull(alarmEvents.recoveredAt))
    .groupBy(alarmEvents.level);
}

/** Unconfirmed events per station (the bell's number). */
export async function unconfirmedCounts(db: Db, stationIds: number[]): Promise<Map<number, number>> {
  const out = new Map(stationIds.map((id) => [id, 0]));
  if (stationIds.length === 0) return out;
  const rows = await db
    .select({ stationId: alarmEvents.stationId, n: count() })
    .from(alarmEvents)
    .where(and(inArray(alarmEvents.stationId, stationIds), not(alarmEvents.confirmed)))
    .groupBy(alarmEvents.stationId);
  for (const r of rows) out.set(r.stationId, r.n);
  return out;
}

export async function unconfirmedCount(db: Db, stationId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(alarmEvents)
    .where(and(eq(alarmEvents.stationId, stationId), not(alarmEvents.confirmed)));
  return row?.n ?? 0;
}
