import { DEVICE_WIDGETS } from '@/components/device-widgets/widget-registry';
import type { LiveDevice } from '../hooks/use-live-devices';
import { storageDirection } from './storage-direction';
import type { TopologyWire } from './topology-layout';

export type WireFlow = {
  dir: 'down' | 'up';
  kind: 'charging' | 'discharging' | 'import' | 'export' | 'generation' | 'consumption';
} | null;

/**
 * Which way power moves along a wire (wires are drawn top to bottom): storage discharging
 * (> 0) flows up into the bus, charging (< 0) down into the battery; the grid wire flows down
 * while the station imports (gateway power > 0) and up while it exports. The PV branch hangs
 * above the bus and generates down into it (PV meter > 0); the load branch too, drawing up
 * from the bus while the load meter reads > 0. Offline devices and idle ones show no flow.
 */
export function wireFlow(wire: TopologyWire, device: LiveDevice | undefined): WireFlow {
  if (!device || device.status === 'offline') return null;
  const code = DEVICE_WIDGETS[device.type].headline;
  const dir = storageDirection(code ? device.values[code]?.value : null);
  if (dir === null || dir === 'idle') return null;
  // `discharging` reads "power > 0" for every meter role below (same sign rule).
  const positive = dir === 'discharging';
  switch (wire.role) {
    case 'grid':
      return positive ? { dir: 'down', kind: 'import' } : { dir: 'up', kind: 'export' };
    case 'pv':
      return { dir: positive ? 'down' : 'up', kind: 'generation' };
    case 'load':
      return { dir: positive ? 'up' : 'down', kind: 'consumption' };
    case 'storage':
      return positive ? { dir: 'up', kind: 'discharging' } : { dir: 'down', kind: 'charging' };
  }
}
