import { describe, expect, it } from 'vitest';
import type { LiveDevice } from '../hooks/use-live-devices';
import { wireFlow } from './topology-flow';

const device = (type: LiveDevice['type'], code: string, value: number, status: LiveDevice['status'] = 'online') =>
  ({
    id: 1,
    sn: 'X',
    name: 'X',
    type,
    parentId: null,
    lastSeenAt: null,
    status,
    values: { [code]: { value, ts: 1 } },
    tone: 'running',
  }) satisfies LiveDevice;

const storageWire = { key: 'w', d: '', deviceId: 1, role: 'storage' as const };
const gridWire = { key: 'g', d: '', deviceId: 1, role: 'grid' as const };
const pvWire = { key: 'pv-bus', d: '', deviceId: 1, role: 'pv' as const };
const loadWire = { key: 'load-bus', d: '', deviceId: 1, role: 'load' as const };

describe('wireFlow', () => {
  it('follows the storage sign: discharge (> 0) up into the bus, charge (< 0) down into the battery', () => {
    expect(wireFlow(storageWire, device('pcs', 'p', 500))).toEqual({ dir: 'up', kind: 'discharging' });
    expect(wireFlow(storageWire, device('pcs', 'p', -500))).toEqual({ dir: 'down', kind: 'charging' });
    expect(wireFlow(storageWire, device('bms', 'power', -80))).toEqual({ dir: 'down', kind: 'charging' });
  });
  it('reads the gateway meter as import (> 0, down from the grid) or export', () => {
    expect(wireFlow(gridWire, device('meter', 'p', 300))).toEqual({ dir: 'down', kind: 'import' });
    expect(wireFlow(gridWire, device('meter', 'p', -300))).toEqual({ dir: 'up', kind: 'export' });
  });
  it('runs PV down into the bus and the load up out of it (both branches hang above the bus)', () => {
    expect(wireFlow(pvWire, device('meter', 'p', 120))).toEqual({ dir: 'down', kind: 'generation' });
    expect(wireFlow(loadWire, device('meter', 'p', 1200))).toEqual({ dir: 'up', kind: 'consumption' });
    expect(wireFlow(pvWire, device('meter', 'p', 0))).toBeNull();
  });
  it('shows no flow when idle, offline or unknown', () => {
    expect(wireFlow(storageWire, device('cabinet', 'p', 0.2))).toBeNull();
    expect(wireFlow(storageWire, device('cabinet', 'p', 90, 'offline'))).toBeNull();
    expect(wireFlow(storageWire, undefined)).toBeNull();
  });
});
