import type { AlarmDefinition, AlarmDefinitionBody, AlarmDefinitionPageBody, AlarmLevel, Lang } from '@ess/contract';
import { and, count, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alarmDefinitions, alarmStationOverrides } from '../../../db/alarm-schema';
import type { Db } from '../../../db/client';
import { nameIn, nameMatches } from '../../../db/local-name-sql';
import { devices } from '../../../db/schema';
import { containsPattern } from '../../../lib/like';
import type { DefinitionRow, OverrideRow } from './alarm-rules';

/** Levels are stored as smallint; anything else reads as the mildest. */
export const toLevel = (n: number | null): AlarmLevel => (n === 1 || n === 2 || n === 3 ? n : 4);
const toLevelOrNull = (n: number | null): AlarmLevel | null => (n === null ? null : toLevel(n));

/** Names (the definition's, its device's) in the request's language. */
const definitionColumns = (lang: Lang) => ({
  id: alarmDefinitions.id,
  name: nameIn(alarmDefinitions, lang),
  deviceId: alarmDefinitions.deviceId,
  deviceName: nameIn(devices, lang),
  deviceType: alarmDefinitions.deviceType,
  pointCode: alarmDefinitions.pointCode,
  condition: alarmDefinitions.condition,
  threshold: alarmDefinitions.threshold,
  threshold2: alarmDefinitions.threshold2,
  holdSeconds: alarmDefinitions.holdSeconds,
  deadband: alarmDefinitions.deadband,
  level: alarmDefinitions.level,
  content: alarmDefinitions.content,
  enabled: alarmDefinitions.enabled,
  updateTime: alarmDefinitions.updateTime,
});

const selectDefinitions = (db: Db, lang: Lang) =>
  db
    .select(definitionColumns(lang))
    .from(alarmDefinitions)
    .leftJoin(devices, eq(devices.id, alarmDefinitions.deviceId));
type SelectedDefinition = Awaited<ReturnType<typeof selectDefinitions>>[number];

const toDefinition = (r: SelectedDefinition): AlarmDefinition => ({
  ...r,
  level: toLevel(r.level),
  updateTime: r.updateTime.getTime(),
});

/**
 * Definitions the caller may see: every type-wide one, and those of one device when its station is
 * among `stations` (null: no limit, admins).
 */
export function visibleTo(stations: number[] | null): SQL | undefined {
  if (stations === null) return undefined;
  return or(isNull(alarmDefinitions.deviceId), stations.length ? inArray(devices.stationId, stations) : sql`false`);
}

function pageFilter(b: AlarmDefinitionPageBody, stations: number[] | null): SQL | undefined {
  const text = b.keyword ? containsPattern(b.keyword) : null;
  return and(
    visibleTo(stations),
    text
      ? or(
          nameMatches(alarmDefinitions, text),
          ilike(alarmDefinitions.pointCode, text),
          ilike(alarmDefinitions.content, text),
        )
      : undefined,
    b.deviceType ? or(eq(alarmDefinitions.deviceType, b.deviceType), eq(devices.type, b.deviceType)) : undefined,
    b.enabled === undefined ? undefined : eq(alarmDefinitions.enabled, b.enabled),
  );
}

export async function definitionPage(
  db: Db,
  b: AlarmDefinitionPageBody,
  stations: number[] | null,
  lang: Lang,
): Promise<{ rows: AlarmDefinition[]; total: number }> {
  const where = pageFilter(b, stations);
  const [rows, [total]] = await Promise.all([
    selectDefinitions(db, lang)
      .where(where)
      .orderBy(desc(alarmDefinitions.updateTime), desc(alarmDefinitions.id))
      .limit(b.pageSize)
      .offset((b.pageNum - 1) * b.pageSize),
    db
      .select({ n: count() })
      .from(alarmDefinitions)
      .leftJoin(devices, eq(devices.id, alarmDefinitions.deviceId))
      .where(where),
  ]);
  return { rows: rows.map(toDefinition), total: total?.n ?? 0 };
}

export async function findDefinition(
  db: Db,
  id: number,
  stations: number[] | null = null,
  // Callers that show no name (threshold checks) take the default.
  lang: Lang = 'zh_CN',
): Promise<AlarmDefinition | null> {
  const [row] = await selectDefinitions(db, lang).where(and(eq(alarmDefinitions.id, id), visibleTo(stations)));
  return row ? toDefinition(row) : null;
}

/** True when another definition (not `exceptId`) has this name. */
export async function nameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: alarmDefinitions.id })
    .from(alarmDefinitions)
    .where(and(eq(alarmDefinitions.name, name), exceptId ? ne(alarmDefinitions.id, exceptId) : undefined));
  return row !== undefined;
}

const stored = (b: AlarmDefinitionBody) => ({
  name: b.name,
  deviceId: b.deviceId ?? null,
  deviceType: b.deviceId == null ? (b.deviceType ?? null) : null,
  pointCode: b.pointCode,
  condition: b.condition,
  threshold: b.threshold,
  threshold2: b.condition === 'outside' ? (b.threshold2 ?? null) : null,
  holdSeconds: b.holdSeconds,
  deadband: b.deadband,
  level: b.level,
  content: b.content,
  enabled: b.enabled,
});

/** Inserts; null when the name was taken meanwhile (unique index). */
export async function insertDefinition(db: Db, b: AlarmDefinitionBody, seedKey?: string): Promise<number | null> {
  const [row] = await db
    .insert(alarmDefinitions)
    .values({ ...stored(b), seedKey: seedKey ?? null })
    .onConflictDoNothing()
    .returning({ id: alarmDefinitions.id });
  return row?.id ?? null;
}

/**
 * Updates; `renamed` false (the name came back as shown) keeps the stored name and its
 * translations, true stores what the user typed and drops them (it then reads alike everywhere).
 */
export async function updateDefinition(db: Db, id: number, b: AlarmDefinitionBody, renamed: boolean): Promise<boolean> {
  const { name, ...rest } = stored(b);
  const rows = await db
    .update(alarmDefinitions)
    .set({ ...rest, ...(renamed ? { name, names: {} } : {}), updateTime: new Date() })
    .where(eq(alarmDefinitions.id, id))
    .returning({ id: alarmDefinitions.id });
  return rows.length > 0;
}

/** Group level of the configuration: threshold, level, enablement. */
export async function updateGroupConfig(
  db: Db,
  id: number,
  c: { threshold: number; threshold2: number | null; level: AlarmLevel; enabled: boolean },
): Promise<boolean> {
  const rows = await db
    .update(alarmDefinitions)
    .set({ ...c, updateTime: new Date() })
    .where(eq(alarmDefinitions.id, id))
    .returning({ id: alarmDefinitions.id });
  return rows.length > 0;
}

/** Which of these ids exist and are visible to the caller. */
export async function visibleDefinitionIds(db: Db, ids: number[], stations: number[] | null): Promise<number[]> {
  const rows = await db
    .select({ id: alarmDefinitions.id })
    .from(alarmDefinitions)
    .leftJoin(devices, eq(devices.id, alarmDefinitions.deviceId))
    .where(and(inArray(alarmDefinitions.id, ids), visibleTo(stations)));
  return rows.map((r) => r.id);
}

export async function deleteDefinitions(db: Db, ids: number[]): Promise<number[]> {
  const rows = await db
    .delete(alarmDefinitions)
    .where(inArray(alarmDefinitions.id, ids))
    .returning({ id: alarmDefinitions.id });
  return rows.map((r) => r.id);
}

/** Every definition, for the engine's index and a station's effective rules. */
export async function loadDefinitionRows(db: Db): Promise<DefinitionRow[]> {
  const rows = await db.select().from(alarmDefinitions);
  return rows.map((r) => ({
    definitionId: r.id,
    name: r.name,
    deviceId: r.deviceId,
    deviceType: r.deviceType,
    pointCode: r.pointCode,
    condition: r.condition,
    threshold: r.threshold,
    threshold2: r.threshold2,
    holdSeconds: r.holdSeconds,
    deadband: r.deadband,
    level: toLevel(r.level),
    content: r.content,
    enabled: r.enabled,
  }));
}

/** Every definition's name in `lang` (a seeded one's translation, else as stored), by id. */
export async function definitionNames(db: Db, lang: Lang): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: alarmDefinitions.id, name: nameIn(alarmDefinitions, lang) })
    .from(alarmDefinitions);
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function loadOverrideRows(db: Db, stationId?: number): Promise<OverrideRow[]> {
  const rows = await db
    .select()
    .from(alarmStationOverrides)
    .where(stationId === undefined ? undefined : eq(alarmStationOverrides.stationId, stationId));
  return rows.map((r) => ({
    stationId: r.stationId,
    definitionId: r.definitionId,
    threshold: r.threshold,
    threshold2: r.threshold2,
    level: toLevelOrNull(r.level),
    enabled: r.enabled,
  }));
}

export async function saveOverride(db: Db, o: OverrideRow): Promise<void> {
  const values = { threshold: o.threshold, threshold2: o.threshold2, level: o.level, enabled: o.enabled };
  await db
    .insert(alarmStationOverrides)
    .values({ stationId: o.stationId, definitionId: o.definitionId, ...values })
    .onConflictDoUpdate({
      target: [alarmStationOverrides.stationId, alarmStationOverrides.definitionId],
      set: { ...values, updateTime: new Date() },
    });
}

export async function deleteOverride(db: Db, stationId: number, definitionId: number): Promise<boolean> {
  const rows = await db
    .delete(alarmStationOverrides)
    .where(and(eq(alarmStationOverrides.stationId, stationId), eq(alarmStationOverrides.definitionId, definitionId)))
    .returning({ id: alarmStationOverrides.definitionId });
  return rows.length > 0;
}
