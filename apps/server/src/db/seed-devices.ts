import {
  DEVICE_MODELS,
  type DeviceModelDef,
  EXAMPLE_TOU_NAMES,
  EXAMPLE_TOU_PRICES,
  EXAMPLE_TOU_SEGMENTS,
  PROVINCE_TOU_TEMPLATES,
  stationLayout,
} from '@ess/contract';
import type { Db } from './client';
import { pointRow } from './point-row';
import { stationTouTemplates } from './rate-schema';
import { deviceModels, devices, meterRoles, modelPoints, points, stations, touTemplates } from './schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Device models with their point lists, from the contract's catalogue. */
export async function seedDeviceModels(tx: Tx): Promise<Map<string, { id: number; def: DeviceModelDef }>> {
  const byCode = new Map<string, { id: number; def: DeviceModelDef }>();
  for (const def of DEVICE_MODELS) {
    const [row] = await tx
      .insert(deviceModels)
      .values({ code: def.code, type: def.type, names: def.names, manufacturer: def.manufacturer, rated: def.rated })
      .returning({ id: deviceModels.id });
    if (!row) continue;
    byCode.set(def.code, { id: row.id, def });
    await tx.insert(modelPoints).values(def.points.map((p, i) => ({ modelId: row.id, ...pointRow(p, i + 1) })));
  }
  return byCode;
}

/**
 * The TOU templates (the example and the provinces'), and for every built station its
 * template, its devices (stationLayout), their points, meter roles and the virtual "station
 * totals" device.
 */
export async function seedStationDevices(tx: Tx): Promise<void> {
  const models = await seedDeviceModels(tx);
  const [tou] = await tx
    .insert(touTemplates)
    .values({
      code: 'TOU-EXAMPLE',
      name: EXAMPLE_TOU_NAMES.zh_CN,
      names: EXAMPLE_TOU_NAMES,
      segments: EXAMPLE_TOU_SEGMENTS,
      prices: EXAMPLE_TOU_PRICES,
    })
    .returning({ id: touTemplates.id });
  const templateOf = new Map<string, number>();
  for (const t of PROVINCE_TOU_TEMPLATES) {
    const [row] = await tx
      .insert(touTemplates)
      .values({ code: t.code, name: t.names.zh_CN, names: t.names, segments: t.segments, prices: t.prices })
      .returning({ id: touTemplates.id });
    if (row) for (const code of t.stations) templateOf.set(code, row.id);
  }

  for (const station of await tx.select().from(stations)) {
    const templateId = templateOf.get(station.code) ?? tou?.id;
    if (templateId !== undefined) await tx.insert(stationTouTemplates).values({ stationId: station.id, templateId });
    const layout = stationLayout(station);
    const idBySn = new Map<string, number>();
    for (const [i, d] of layout.devices.entries()) {
      const model = models.get(d.model);
      if (!model) throw new Error(`unknown device model ${d.model}`);
      const [row] = await tx
        .insert(devices)
        .values({
          stationId: station.id,
          modelId: model.id,
          parentId: d.parentSn ? (idBySn.get(d.parentSn) ?? null) : null,
          type: d.type,
          name: d.name,
          names: d.names,
          sn: d.sn,
          manufacturer: model.def.manufacturer,
          unitPrice: d.type === 'charger' ? 1.2 : null,
          serviceFee: d.type === 'charger' ? 0.6 : null,
          sort: i + 1,
        })
        .returning({ id: devices.id });
      if (!row) continue;
      idBySn.set(d.sn, row.id);
      await tx.insert(points).values(model.def.points.map((p, j) => ({ deviceId: row.id, ...pointRow(p, j + 1) })));
      if (d.meterRole)
        await tx.insert(meterRoles).values({ stationId: station.id, role: d.meterRole, deviceId: row.id });
    }
    if (layout.virtual) {
      const [v] = await tx
        .insert(devices)
        .values({
          stationId: station.id,
          type: 'virtual',
          name: layout.virtual.name,
          names: layout.virtual.names,
          sn: layout.virtual.sn,
          sort: layout.devices.length + 1,
        })
        .returning({ id: devices.id });
      if (v) {
        await tx.insert(points).values(
          layout.virtual.points.map((p, j) => ({
            deviceId: v.id,
            code: p.code,
            names: p.names,
            unit: p.unit,
            kind: 'telemetry' as const,
            precision: 1,
            formula: p.formula,
            sort: j + 1,
          })),
        );
      }
    }
  }
}
