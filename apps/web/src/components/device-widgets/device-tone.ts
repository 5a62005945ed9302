import type { DeviceStatus } from '@ess/contract';
import { palette } from '@/lib/theme/palette';
import type { DeviceValues } from './device-values';
import type { DeviceWidget } from './widget-types';

/**
 * What a device is doing, as the colour of its card, diagram node and tag: storage charging
 * or discharging, standing by, running (generating, cooling, controlling), stopped, in
 * fault, offline, or online without a state reading yet.
 */
export const DEVICE_TONES = [
  'charging',
  'discharging',
  'standby',
  'running',
  'stopped',
  'fault',
  'offline',
  'unknown',
] as const;
export type DeviceTone = (typeof DEVICE_TONES)[number];

/** One palette for every screen; fault red and offline grey read the same everywhere. */
export const TONE_COLORS: Record<DeviceTone, string> = palette.deviceTone;

/** Offline wins over any stale state value; else the widget's state point decides. */
export function toneOf(widget: DeviceWidget, status: DeviceStatus, values: DeviceValues): DeviceTone {
  if (status === 'offline') return 'offline';
  if (!widget.state) return 'running';
  const v = values[widget.state.code]?.value;
  if (v === undefined) return 'unknown';
  return widget.state.tones[v] ?? 'unknown';
}
