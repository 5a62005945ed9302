import type { AlarmHistoryPageBody } from '@ess/contract';
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, not, type SQL, sql } from 'drizzle-orm';
import { alarmEvents } from '../../../db/alarm-schema';
import type { Db } from '../../../db/client';
import { devices, points, stations } from '../../../db/schema';
import { instant } from '../../../lib/instant';

/** Reading alarm events with their station, device and point, and confirming them. */

const eventColumns = {
  id: alarmEvents.id,
  stationId: alarmEvents.stationId,
  stationName: stations.name,
  timezone: stations.timezone,
  deviceId: alarmEvents.deviceId,
  deviceName: devices.name,
  deviceNames: devices.names,
  deviceType: alarmEvents.deviceType,
  kind: alarmEvents.kind,
  definitionId: alarmEvents.definitionId,
  pointCode: alarmEvents.pointCode,
  pointNames: points.names,
  pointUnit: points.unit,
  pointPrecision: points.precision,
  value: alarmEvents.value,
  limit: alarmEvents.limit,
  level: alarmEvents.level,
  content: alarmEvents.content,
  raisedAt: alarmEvents.raisedAt,
  recoveredAt: alarmEvents.recoveredAt,
  confirmed: alarmEvents.confirmed,
  confirmer: alarmEvents.confirmer,
  confirmedAt: alarmEvents.confirmedAt,
  remark: alarmEvents.remark,
};

const selectEvents = (db: Db) =>
  db
    .select(eventColumns)
    .from(alarmEvents)
    .innerJoin(stations, eq(stations.id, alarmEvents.stationId))
    .leftJoin(devices, eq(devices.id, alarmEvents.deviceId))
    .leftJoin(points, and(eq(points.deviceId, alarmEvents.deviceId), eq(points.code, alarmEvents.pointCode)));

export type StoredEvent = Awaited<ReturnType<typeof selectEvents>>[number];
export type EventPage = { rows: StoredEvent[]; total: number };

/** The real-time list: active or not yet confirmed. */
const open = sql`(${alarmEvents.recoveredAt} IS NULL OR NOT ${alarmEvents.confirmed})`;

async function page(db: Db, where: SQL | undefined, pageNum: number, pageSize: number): Promise<EventPage> {
  const [rows, [total]] = await Promise.all([
    selectEvents(db)
      .where(where)
      .orderBy(desc(alarmEvents.raisedAt), desc(alarmEvents.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db.select({ n: count() }).from(alarmEvents).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export function realtimePage(db: Db, stationId: number, pageNum: number, pageSize: number): Promise<EventPage> {
  return page(db, and(eq(alarmEvents.stationId, stationId), open), pageNum, pageSize);
}

type HistoryFilter = Omit<AlarmHistoryPageBody, 'pageNum' | 'pageSize'>;

function historyWhere(f: HistoryFilter): SQL | undefined {
  return and(
    eq(alarmEvents.stationId, f.stationId),
    gte(alarmEvents.raisedAt, instant(f.from, 'from')),
    lt(alarmEvents.raisedAt, instant(f.to, 'to')),
    f.deviceType ? eq(alarmEvents.deviceType, f.deviceType) : undefined,
    f.level ? eq(alarmEvents.level, f.level) : undefined,
    f.status === 'active' ? isNull(alarmEvents.recoveredAt) : undefined,
    f.status === 'recovered' ? isNotNull(alarmEvents.recoveredAt) : undefined,
    f.confirmed === undefined ? undefined : f.confirmed ? alarmEvents.confirmed : not(alarmEvents.confirmed),
  );
}

export function historyPage(db: Db, f: AlarmHistoryPageBody): Promise<EventPage> {
  return page(db, historyWhere(f), f.pageNum, f.pageSize);
}

/** Up to `limit` rows of the history, newest first (exports). */
export function historyRows(db: Db, f: HistoryFilter, limit: number): Promise<StoredEvent[]> {
  return selectEvents(db).where(historyWhere(f)).orderBy(desc(alarmEvents.raisedAt), desc(alarmEvents.id)).limit(limit);
}

export async function findEvent(db: Db, id: number): Promise<StoredEvent | null> {
  const [row] = await selectEvents(db).where(eq(alarmEvents.id, id));
  return row ?? null;
}

/** The stations of these events (those that exist). */
export async function stationsOfEvents(db: Db, ids: number[]): Promise<{ id: number; stationId: number }[]> {
  return db
    .select({ id: alarmEvents.id, stationId: alarmEvents.stationId })
    .from(alarmEvents)
    .where(inArray(alarmEvents.id, ids));
}

/** The still active ones of these events, with what another module acts on (work orders from alarms). */
export async function activeEvents(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: alarmEvents.id,
      stationId: alarmEvents.stationId,
      deviceId: alarmEvents.deviceId,
      kind: alarmEvents.kind,
      level: alarmEvents.level,
      content: alarmEvents.content,
    })
    .from(alarmEvents)
    .where(and(inArray(alarmEvents.id, [...ids]), isNull(alarmEvents.recoveredAt)))
    .orderBy(alarmEvents.id);
}

/** Confirms the unconfirmed ones of these events; the confirmed rows. */
export async function confirmEvents(
  db: Db,
  ids: number[],
  by: { userId: number; name: string; remark: string; at: Date },
): Promise<{ id: number; stationId: number }[]> {
  return db
    .update(alarmEvents)
    .set({ confirmed: true, confirmerId: by.userId, confirmer: by.name, confirmedAt: by.at, remark: by.remark || null })
    .where(and(inArray(alarmEvents.id, ids), not(alarmEvents.confirmed)))
    .returning({ id: alarmEvents.id, stationId: alarmEvents.stationId });
}

export type StationAlarmCounts = { unconfirmed: number; active: number; worstActiveLevel: number | null };

/** Per station with open events: unconfirmed, active, and the most severe active level (site overview). */
export async function stationAlarmCounts(db: Db, stationIds: number[]): Promise<Map<number, StationAlarmCounts>> {
  const out = new Map<number, StationAlarmCounts>();
  if (stationIds.length === 0) return out;
  const rows = await db
    .select({
      stationId: alarmEvents.stationId,
      unconfirmed: sql<number>`count(*) FILTER (WHERE NOT ${alarmEvents.confirmed})`.mapWith(Number),
      active: sql<number>`count(*) FILTER (WHERE ${alarmEvents.recoveredAt} IS NULL)`.mapWith(Number),
      worst: sql<number | null>`min(${alarmEvents.level}) FILTER (WHERE ${alarmEvents.recoveredAt} IS NULL)`,
    })
    .from(alarmEvents)
    // Only open events count: the partial index alarm_event_station_open serves this.
    .where(and(inArray(alarmEvents.stationId, stationIds), open))
    .groupBy(alarmEvents.stationId);
  for (const r of rows) {
    out.set(r.stationId, {
      unconfirmed: r.unconfirmed,
      active: r.active,
      worstActiveLevel: r.worst === null ? null : Number(r.worst),
    });
  }
  return out;
}

/** The station of an alarm event, active or not (null when there is no such event). */
export async function eventStation(db: Db, id: number): Promise<number | null> {
  const [row] = await db.select({ stationId: alarmEvents.stationId }).from(alarmEvents).where(eq(alarmEvents.id, id));
  return row?.stationId ?? null;
}
