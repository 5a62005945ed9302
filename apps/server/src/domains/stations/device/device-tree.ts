import type { DeviceNode, Lang } from '@ess/contract';
import { typeName } from './device-view';
import { localName, rowName } from './local-name';
import type { LoadedDevice } from './station-devices';

/**
 * Nests devices under their parents. A device whose parent is not among `rows` (none, deleted,
 * or virtual) is a root, and so is one caught in a parent cycle: no device is lost from the
 * tree. Order follows `rows`.
 */
export function buildDeviceTree(rows: LoadedDevice[], lang: Lang): DeviceNode[] {
  const ids = new Set(rows.map((r) => r.id));
  const byParent = new Map<number | null, LoadedDevice[]>();
  for (const r of rows) {
    const parent = r.parentId !== null && ids.has(r.parentId) ? r.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), r]);
  }
  const seen = new Set<number>();
  const node = (d: LoadedDevice): DeviceNode => {
    seen.add(d.id);
    return {
      id: d.id,
      sn: d.sn,
      name: rowName(d, lang),
      type: d.type,
      typeName: typeName(d.type, lang),
      status: d.status,
      modelCode: d.modelCode,
      modelName: d.modelNames ? localName(d.modelNames, lang) : null,
      manufacturer: d.manufacturer,
      parentId: d.parentId,
      lastSeenAt: d.lastSeenAt?.getTime() ?? null,
      unitPrice: d.unitPrice,
      serviceFee: d.serviceFee,
      children: (byParent.get(d.id) ?? []).filter((c) => !seen.has(c.id)).map(node),
    };
  };
  const roots = (byParent.get(null) ?? []).map(node);
  for (const d of rows) if (!seen.has(d.id)) roots.push(node(d));
  return roots;
}
