import { DEVICE_WIDGETS } from '@/components/device-widgets/widget-registry';
import type { LiveDevice } from '../hooks/use-live-devices';
import { storageDirection } from './storage-direction';
import type { TopologyWire } from './topology-layout';

export type WireFlow = { dir: 'down' | 'up'; kind: 'charging' | 'discharging' | 'import' | 'export' } | null;

/**
 * Which way power moves along a wire (wires are drawn from the bus down to the device): storage
 * discharging (> 0) flows up into the bus, charging (< 0) down into the battery; the grid wire
 * flows down while the station imports (gateway power > 0) and up while it exports. Offline
 * devices and idle ones show no flow.
 */
export function wireFlow(wire: TopologyWire, device: LiveDevice | undefined): WireFlow {
  if (!device || device.status === 'offline') return null;
  const code = DEVICE_WIDGETS[device.type].headline;
  const dir = storageDirection(code ? device.values[code]?.value : null);
  if (dir === null || dir === 'idle') return null;
  if (wire.role === 'grid') {
    // Gateway meter: > 0 import from the grid (same sign rule, read as import/export).
    return dir === 'discharging' ? { dir: 'down', kind: 'import' } : { dir: 'up', kind: 'export' };
  }
  return dir === 'discharging' ? { dir: 'up', kind: 'discharging' } : { dir: 'down', kind: 'charging' };
}
