import { type CurveSetItemView, type Lang, ResultCode } from '@ess/contract';
import type { Db } from '../../../db/client';
import { AppError, notFound } from '../../../lib/app-error';
import { type LoadedDevice, loadStationDevices, localName, type PointRow, rowName } from '../device';

export type ResolvedItem = { device: LoadedDevice; point: PointRow };
type Item = { deviceId: number; code: string };

/**
 * Indicators of a station's devices (the caller checked the station's scope), in the order
 * given: a device of another station answers like a missing one (404), an unknown code is a 400
 * naming it.
 */
export async function resolveCurveItems(db: Db, stationId: number, items: readonly Item[]): Promise<ResolvedItem[]> {
  const ids = [...new Set(items.map((i) => i.deviceId))];
  const devices = await loadStationDevices(db, stationId, { deviceIds: ids, latest: false });
  const byId = new Map(devices.map((d) => [d.id, d]));
  if (ids.some((id) => !byId.has(id))) throw notFound('deviceNotFound');
  const missing = new Map<string, string[]>();
  const out = items.flatMap(({ deviceId, code }) => {
    const device = byId.get(deviceId);
    const point = device?.points.find((p) => p.code === code);
    if (device && point) return [{ device, point }];
    const sn = device?.sn ?? String(deviceId);
    missing.set(sn, [...(missing.get(sn) ?? []), code]);
    return [];
  });
  const [first] = missing;
  if (first)
    throw new AppError(400, ResultCode.BAD_REQUEST, 'unknownPoints', { codes: first[1].join(', '), sn: first[0] });
  return out;
}

/** The station's devices among `deviceIds` (with their points), by id. */
export async function devicesById(
  db: Db,
  stationId: number,
  deviceIds: Iterable<number>,
): Promise<Map<number, LoadedDevice>> {
  const ids = [...new Set(deviceIds)];
  const devices = ids.length ? await loadStationDevices(db, stationId, { deviceIds: ids, latest: false }) : [];
  return new Map(devices.map((d) => [d.id, d]));
}

/** Saved items with today's device and point names; items whose device or point is gone stay, marked. */
export function describeCurveItems(
  byId: ReadonlyMap<number, LoadedDevice>,
  items: readonly Item[],
  lang: Lang,
): CurveSetItemView[] {
  return items.map(({ deviceId, code }) => {
    const device = byId.get(deviceId);
    const point = device?.points.find((p) => p.code === code);
    return {
      deviceId,
      code,
      deviceName: device ? rowName(device, lang) : null,
      sn: device?.sn ?? null,
      pointName: point ? localName(point.names, lang, point.code) : null,
      unit: point?.unit ?? null,
      available: Boolean(point),
    };
  });
}
