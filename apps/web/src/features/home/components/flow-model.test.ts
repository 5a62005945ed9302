import type { StationSummary } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { cycleSeconds, directionOf, flowBranches, gridStateOf, hasFlowData, storageStateOf } from './flow-model';

const summary = (v: Partial<StationSummary>): StationSummary => ({
  stationId: 1,
  ts: 1000,
  storagePower: null,
  soc: null,
  pvPower: null,
  loadPower: null,
  gridPower: null,
  chargerPower: null,
  ...v,
});

describe('energy-flow model', () => {
  it('follows the sign conventions: storage > 0 discharges into the bus, grid > 0 imports', () => {
    expect(storageStateOf(250, 1000)).toBe('discharge');
    expect(storageStateOf(-250, 1000)).toBe('charge');
    expect(directionOf('storage', -250, 1000)).toBe('fromBus');
    expect(gridStateOf(40, 1000)).toBe('import');
    expect(gridStateOf(-40, 1000)).toBe('export');
    expect(directionOf('pv', 12, 1000)).toBe('toBus');
    expect(directionOf('load', 80, 1000)).toBe('fromBus');
    expect(directionOf('charger', 60, 1000)).toBe('fromBus');
  });

  it('keeps lines still without data and below the idle threshold (0.2 % of rated, at least 0.5 kW)', () => {
    expect(storageStateOf(null, 1000)).toBe('idle');
    expect(storageStateOf(0.4, 100)).toBe('idle');
    expect(storageStateOf(1.9, 1000)).toBe('idle');
    expect(storageStateOf(-2.1, 1000)).toBe('charge');
    expect(directionOf('pv', 0, 1000)).toBe('idle');
  });

  it('moves faster with more power, within 0.6 to 2.6 s per cycle', () => {
    expect(cycleSeconds(0, 1000)).toBe(2.6);
    expect(cycleSeconds(1000, 1000)).toBe(0.6);
    expect(cycleSeconds(-5000, 1000)).toBe(0.6);
    expect(cycleSeconds(250, 1000)).toBeLessThan(cycleSeconds(100, 1000));
  });

  it('builds every branch, scaling speed by the largest flow when it exceeds the rating', () => {
    const branches = flowBranches(
      summary({ storagePower: -500, pvPower: 0, loadPower: 2000, gridPower: 2500, chargerPower: null }),
      1000,
    );
    expect(branches.map((b) => [b.node, b.direction])).toEqual([
      ['grid', 'toBus'],
      ['pv', 'idle'],
      ['storage', 'fromBus'],
      ['load', 'fromBus'],
      ['charger', 'idle'],
    ]);
    const grid = branches.find((b) => b.node === 'grid');
    expect(grid?.cycleS).toBe(0.6);
    expect(branches.find((b) => b.node === 'pv')?.cycleS).toBeNull();
  });

  it('tells a reporting station from one without data', () => {
    expect(hasFlowData(null)).toBe(false);
    expect(hasFlowData(summary({}))).toBe(false);
    expect(hasFlowData(summary({ soc: 50 }))).toBe(false);
    expect(hasFlowData(summary({ gridPower: 0 }))).toBe(true);
  });
});
