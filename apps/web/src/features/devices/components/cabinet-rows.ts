import type { DeviceStatus, StorageUnits } from '@ess/contract';
import type { DeviceTone } from '@/components/device-widgets/device-tone';
import { newestTs } from '@/components/device-widgets/device-values';
import type { LiveDevice } from '../hooks/use-live-devices';

/** A row of the standard-215 list: a cabinet with its live values and today's energy. */
export type CabinetRow = {
  id: number;
  sn: string;
  name: string;
  status: DeviceStatus;
  tone: DeviceTone;
  device: LiveDevice;
  runState: number | null;
  todayChargeKwh: number | null;
  todayDischargeKwh: number | null;
  lastSeen: number | null;
};

export type CabinetFilter = {
  /** Part of the name or serial number, any case. */
  search: string;
  status: DeviceStatus | 'all';
  /** Run-state values to keep; empty keeps all. */
  runStates: readonly number[];
};

export function cabinetRows(cabinets: readonly LiveDevice[], today: StorageUnits | undefined): CabinetRow[] {
  const energy = new Map((today?.units ?? []).map((u) => [u.deviceId, u]));
  return cabinets.map((d) => ({
    id: d.id,
    sn: d.sn,
    name: d.name,
    status: d.status,
    tone: d.tone,
    device: d,
    runState: d.values.runState?.value ?? null,
    todayChargeKwh: energy.get(d.id)?.todayChargeKwh ?? null,
    todayDischargeKwh: energy.get(d.id)?.todayDischargeKwh ?? null,
    lastSeen: newestTs(d.values) ?? d.lastSeenAt,
  }));
}

export function filterCabinets(rows: readonly CabinetRow[], f: CabinetFilter): CabinetRow[] {
  const q = f.search.trim().toLowerCase();
  return rows.filter(
    (r) =>
      (!q || r.name.toLowerCase().includes(q) || r.sn.toLowerCase().includes(q)) &&
      (f.status === 'all' || r.status === f.status) &&
      (!f.runStates.length || (r.runState !== null && f.runStates.includes(r.runState))),
  );
}

/**
 * A table sorter with missing values last whichever way the column is sorted (the table
 * reverses the result for descending order, so the null side flips with it).
 */
export function compareNullable(a: number | null, b: number | null, order?: 'ascend' | 'descend' | null): number {
  const last = order === 'descend' ? -1 : 1;
  if (a === null && b === null) return 0;
  if (a === null) return last;
  if (b === null) return -last;
  return a - b;
}
