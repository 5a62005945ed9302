import { type StationSummary, SUMMARY_CODES, type SummaryCode } from '@ess/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { devices, points } from '../../../db/schema';
import { latestOf } from '../../stations/device';

/** The station-totals device: its id and the point id of each summary code it has. */
export type TotalsDevice = { deviceId: number; pointIds: Partial<Record<SummaryCode, number>> };

const isSummaryCode = (c: string): c is SummaryCode => (SUMMARY_CODES as readonly string[]).includes(c);

/**
 * The station's "station totals" virtual device: the first (by sort, id) virtual device that
 * has a `storagePower` point. The seed creates one per built station (station-layout.ts); an
 * administrator may define it like any other virtual device.
 */
export async function findTotalsDevice(db: Db, stationId: number): Promise<TotalsDevice | null> {
  const rows = await db
    .select({ deviceId: devices.id, pointId: points.id, code: points.code })
    .from(devices)
    .innerJoin(points, eq(points.deviceId, devices.id))
    .where(and(eq(devices.stationId, stationId), eq(devices.type, 'virtual'), inArray(points.code, [...SUMMARY_CODES])))
    .orderBy(asc(devices.sort), asc(devices.id));
  const deviceId = rows.find((r) => r.code === 'storagePower')?.deviceId;
  if (deviceId === undefined) return null;
  const pointIds: TotalsDevice['pointIds'] = {};
  for (const r of rows) if (r.deviceId === deviceId && isSummaryCode(r.code)) pointIds[r.code] = r.pointId;
  return { deviceId, pointIds };
}

export const emptySummary = (stationId: number): StationSummary => ({
  stationId,
  ts: null,
  storagePower: null,
  soc: null,
  pvPower: null,
  loadPower: null,
  gridPower: null,
  chargerPower: null,
});

/** Folds values by code (newest sample per code) into a summary. */
export function withValues(
  summary: StationSummary,
  values: Record<string, { value: number; ts: number } | undefined>,
): StationSummary {
  const next = { ...summary };
  for (const code of SUMMARY_CODES) {
    const v = values[code];
    if (!v) continue;
    next[code] = v.value;
    next.ts = Math.max(next.ts ?? 0, v.ts);
  }
  return next;
}

/** The station totals from the newest stored samples (the energy-flow snapshot). */
export async function readSummary(db: Db, stationId: number, totals?: TotalsDevice | null): Promise<StationSummary> {
  const device = totals === undefined ? await findTotalsDevice(db, stationId) : totals;
  if (!device) return emptySummary(stationId);
  const latest = await latestOf(db, Object.values(device.pointIds));
  const values: Record<string, { value: number; ts: number } | undefined> = {};
  for (const code of SUMMARY_CODES) {
    const id = device.pointIds[code];
    if (id !== undefined) values[code] = latest.get(id);
  }
  return withValues(emptySummary(stationId), values);
}
