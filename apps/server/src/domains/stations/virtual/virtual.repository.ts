import type { DeviceType, Lang, Names } from '@ess/contract';
import { and, asc, count, eq, ilike, inArray, like, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { nameIn, nameMatches } from '../../../db/local-name-sql';
import { deviceModels, devices, modelPoints, points } from '../../../db/schema';
import { containsPattern, escapeLike } from '../../../lib/like';
import type { FormulaContext } from './formula-check';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type VirtualPointValues = {
  code: string;
  names: Names;
  unit: string | null;
  precision: number;
  formula: string;
  sort: number;
};

/** What formulas of this station may read (see formula-check). */
export async function formulaContext(db: Db, stationId: number): Promise<FormulaContext> {
  const rows = await db
    .select({ sn: devices.sn, type: devices.type, code: points.code })
    .from(devices)
    .leftJoin(points, eq(points.deviceId, devices.id))
    .where(eq(devices.stationId, stationId));
  const pointsBySn = new Map<string, Set<string>>();
  const virtualSns = new Set<string>();
  for (const r of rows) {
    if (r.type === 'virtual') {
      virtualSns.add(r.sn);
      continue;
    }
    const codes = pointsBySn.get(r.sn) ?? new Set<string>();
    if (r.code) codes.add(r.code);
    pointsBySn.set(r.sn, codes);
  }
  const model = await db
    .select({ type: deviceModels.type, code: modelPoints.code })
    .from(modelPoints)
    .innerJoin(deviceModels, eq(deviceModels.id, modelPoints.modelId));
  const codesByType = new Map<DeviceType, Set<string>>();
  for (const r of model) codesByType.set(r.type, (codesByType.get(r.type) ?? new Set()).add(r.code));
  return { pointsBySn, virtualSns, codesByType };
}

export async function snTaken(db: Db, sn: string): Promise<boolean> {
  return (await db.select({ id: devices.id }).from(devices).where(eq(devices.sn, sn))).length > 0;
}

/** `<stationCode>-VIRT-<n>` with the smallest free n from 2 (the seed's totals device is `-VIRT`). */
export async function freeVirtualSn(db: Db, stationCode: string): Promise<string> {
  const prefix = `${stationCode}-VIRT-`;
  const used = new Set(
    (
      await db
        .select({ sn: devices.sn })
        .from(devices)
        .where(like(devices.sn, `${escapeLike(prefix)}%`))
    ).map((r) => r.sn),
  );
  let n = 2;
  while (used.has(`${prefix}${n}`)) n++;
  return `${prefix}${n}`;
}

export async function insertVirtualDevice(
  tx: Tx,
  device: { stationId: number; name: string; sn: string },
  list: VirtualPointValues[],
): Promise<number> {
  const [{ sort } = { sort: 0 }] = await tx
    .select({ sort: sql<number>`coalesce(max(${devices.sort}), 0)::int` })
    .from(devices)
    .where(eq(devices.stationId, device.stationId));
  const [row] = await tx
    .insert(devices)
    .values({ ...device, type: 'virtual', sort: sort + 1 })
    .returning({ id: devices.id });
  if (!row) throw new Error('insert returned no row');
  await tx.insert(points).values(list.map((p) => ({ ...p, deviceId: row.id, kind: 'telemetry' as const })));
  return row.id;
}

/**
 * Replaces a virtual device's name (null keeps it) and points. A point whose code stays keeps its id, so its
 * history stays attached; removed codes are deleted, new ones inserted.
 */
export async function replaceVirtualDevice(tx: Tx, id: number, name: string | null, list: VirtualPointValues[]) {
  // A new name (null: unchanged) is what the user typed, in every language: the translations go.
  const renamed = name === null ? {} : { name, names: {} };
  await tx
    .update(devices)
    .set({ ...renamed, updateTime: new Date() })
    .where(eq(devices.id, id));
  const existing = await tx.select({ id: points.id, code: points.code }).from(points).where(eq(points.deviceId, id));
  const keep = new Set(list.map((p) => p.code));
  const removed = existing.filter((p) => !keep.has(p.code)).map((p) => p.id);
  if (removed.length) await tx.delete(points).where(inArray(points.id, removed));
  const have = new Map(existing.map((p) => [p.code, p.id]));
  for (const p of list) {
    const pointId = have.get(p.code);
    if (pointId) await tx.update(points).set(p).where(eq(points.id, pointId));
    else await tx.insert(points).values({ ...p, deviceId: id, kind: 'telemetry' });
  }
}

export async function deleteDevice(db: Db, id: number): Promise<void> {
  await db.delete(devices).where(eq(devices.id, id));
}

/**
 * Ids of the station's virtual devices matching `name` (serial, or name in any language), a page
 * of them, and the total.
 */
export async function pageVirtualIds(
  db: Db,
  stationId: number,
  name: string | undefined,
  offset: number,
  limit: number,
): Promise<{ total: number; ids: number[] }> {
  const where = and(
    eq(devices.stationId, stationId),
    eq(devices.type, 'virtual'),
    name ? or(nameMatches(devices, containsPattern(name)), ilike(devices.sn, containsPattern(name))) : undefined,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(devices).where(where);
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(where)
    .orderBy(asc(devices.sort), asc(devices.id))
    .offset(offset)
    .limit(limit);
  return { total, ids: rows.map((r) => r.id) };
}

export async function listVirtual(db: Db, stationId: number, lang: Lang) {
  return db
    .select({
      id: devices.id,
      sn: devices.sn,
      name: nameIn(devices, lang),
      pointCount: sql<number>`count(${points.id})::int`,
    })
    .from(devices)
    .leftJoin(points, eq(points.deviceId, devices.id))
    .where(and(eq(devices.stationId, stationId), eq(devices.type, 'virtual')))
    .groupBy(devices.id)
    .orderBy(asc(devices.sort), asc(devices.id));
}

/** `%` and `_` typed by the user match themselves. */
