import { DEVICE_TYPE_NAMES, type EmsEquipmentPageBody, type EmsEquipmentRow, type Lang } from '@ess/contract';
import type { Db } from '../../../db/client';
import { assertStationInScope, stationScopeFilter } from '../../../kernel/station-scope.service';
import type { SessionUser } from '../../../lib/types';
import { loadStationDevices, localName, rowName } from '../device';
import { pageEmsDevices } from './equipment.repository';

/** EMS devices of the caller's stations with their model and the devices below each (/system/ems-equipment). */
export class EmsEquipmentService {
  constructor(private readonly db: Db) {}

  async page(user: SessionUser, q: EmsEquipmentPageBody, lang: Lang) {
    if (q.stationId !== undefined) await assertStationInScope(this.db, user, q.stationId);
    const { rows, total } = await pageEmsDevices(this.db, stationScopeFilter(user), q, lang);
    const stationIds = [...new Set(rows.map((r) => r.device.stationId))];
    const loaded = new Map(
      await Promise.all(
        stationIds.map(
          async (id) => [id, await loadStationDevices(this.db, id, { virtual: false, latest: false })] as const,
        ),
      ),
    );
    const out: EmsEquipmentRow[] = rows.map((r) => {
      const station = loaded.get(r.device.stationId) ?? [];
      const children = new Map<number, typeof station>();
      for (const d of station)
        if (d.parentId !== null) children.set(d.parentId, [...(children.get(d.parentId) ?? []), d]);
      const below: EmsEquipmentRow['devices'] = [];
      const seen = new Set<number>([r.device.id]);
      const walk = (id: number) => {
        for (const c of children.get(id) ?? []) {
          if (seen.has(c.id)) continue;
          seen.add(c.id);
          below.push({
            id: c.id,
            sn: c.sn,
            name: rowName(c, lang),
            type: c.type,
            typeName: DEVICE_TYPE_NAMES[c.type][lang],
            modelCode: c.modelCode,
            parentId: c.parentId,
          });
          walk(c.id);
        }
      };
      walk(r.device.id);
      return {
        id: r.device.id,
        sn: r.device.sn,
        name: rowName(r.device, lang),
        stationId: r.device.stationId,
        stationName: r.stationName,
        modelId: r.device.modelId,
        modelCode: r.modelCode,
        modelName: r.modelNames ? localName(r.modelNames, lang, r.modelCode ?? '') : null,
        status: r.device.status,
        lastSeenAt: r.device.lastSeenAt?.getTime() ?? null,
        devices: below,
      };
    });
    return { rows: out, total };
  }
}
