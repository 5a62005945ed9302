import { type Lang, ResultCode } from '@ess/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { emsModelLinks } from '../../../db/equipment-schema';
import { nameIn } from '../../../db/local-name-sql';
import { deviceModels, devices } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';

/** A device as the tree rules need it. */
export type TreeDevice = {
  id: number;
  stationId: number;
  parentId: number | null;
  type: string;
  name: string;
  modelId: number | null;
};

/** The stations' devices, named in `lang` (the refusals below name them). */
export async function treeDevicesOf(db: Db, stationIds: number[], lang: Lang): Promise<TreeDevice[]> {
  if (stationIds.length === 0) return [];
  return db
    .select({
      id: devices.id,
      stationId: devices.stationId,
      parentId: devices.parentId,
      type: devices.type,
      name: nameIn(devices, lang),
      modelId: devices.modelId,
    })
    .from(devices)
    .where(inArray(devices.stationId, stationIds));
}

/** The nearest EMS at or above `startId` (parent chain; a cycle ends the walk). */
export function nearestEms(byId: ReadonlyMap<number, TreeDevice>, startId: number | null): TreeDevice | null {
  const seen = new Set<number>();
  for (let id = startId; id !== null && !seen.has(id); ) {
    seen.add(id);
    const d = byId.get(id);
    if (!d) return null;
    if (d.type === 'ems') return d;
    id = d.parentId;
  }
  return null;
}

/** `rootId` and every device below it. */
export function subtree(list: readonly TreeDevice[], rootId: number): TreeDevice[] {
  const children = new Map<number, TreeDevice[]>();
  for (const d of list) if (d.parentId !== null) children.set(d.parentId, [...(children.get(d.parentId) ?? []), d]);
  const out: TreeDevice[] = [];
  const seen = new Set<number>();
  const walk = (id: number) => {
    if (seen.has(id)) return;
    seen.add(id);
    const d = list.find((x) => x.id === id);
    if (d) out.push(d);
    for (const c of children.get(id) ?? []) walk(c.id);
  };
  walk(rootId);
  return out;
}

/** EMS model → the device models it supports; a model without links supports any. */
export async function supportedModels(db: Db, emsModelIds: number[]): Promise<Map<number, Set<number>>> {
  const out = new Map<number, Set<number>>();
  if (emsModelIds.length === 0) return out;
  const rows = await db.select().from(emsModelLinks).where(inArray(emsModelLinks.emsModelId, emsModelIds));
  for (const r of rows) out.set(r.emsModelId, new Set([...(out.get(r.emsModelId) ?? []), r.modelId]));
  return out;
}

const modelCode = async (db: Db, id: number | null): Promise<string> => {
  if (id === null) return '-';
  const [row] = await db.select({ code: deviceModels.code }).from(deviceModels).where(eq(deviceModels.id, id));
  return row?.code ?? '-';
};

/**
 * Refuses `moved` (devices whose place in the tree is new: an added device, or a device moved
 * with its subtree) when the nearest EMS above one of them has a model that does not support it.
 * `station` is the station's devices with the change applied.
 */
export async function assertEmsSupports(db: Db, station: readonly TreeDevice[], moved: readonly TreeDevice[]) {
  const byId = new Map(station.map((d) => [d.id, d]));
  const checks = moved
    .filter((d) => d.type !== 'ems')
    .map((d) => ({ d, ems: nearestEms(byId, d.parentId) }))
    .filter((c): c is { d: TreeDevice; ems: TreeDevice } => c.ems !== null && c.ems.modelId !== null);
  const supported = await supportedModels(db, [...new Set(checks.map((c) => c.ems.modelId ?? 0))]);
  for (const { d, ems } of checks) {
    const allowed = supported.get(ems.modelId ?? 0);
    if (allowed && (d.modelId === null || !allowed.has(d.modelId)))
      throw new AppError(409, ResultCode.CONFLICT, 'equipmentModelNotSupported', {
        ems: ems.name,
        model: await modelCode(db, d.modelId),
      });
  }
}
