import type { DeviceTone } from '@/components/device-widgets/device-tone';

export type StorageDirection = 'charging' | 'discharging' | 'idle';

/** Below this magnitude (kW) the storage counts as idle: meters and PCS report a little noise. */
const IDLE_KW = 0.5;

/** Storage power sign (domain.md): > 0 discharge, < 0 charge. */
export function storageDirection(powerKw: number | null | undefined): StorageDirection | null {
  if (powerKw === null || powerKw === undefined || !Number.isFinite(powerKw)) return null;
  if (Math.abs(powerKw) < IDLE_KW) return 'idle';
  return powerKw > 0 ? 'discharging' : 'charging';
}

export const DIRECTION_TONE: Record<StorageDirection, DeviceTone> = {
  charging: 'charging',
  discharging: 'discharging',
  idle: 'standby',
};
