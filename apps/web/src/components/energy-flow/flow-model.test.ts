import type { StationSummary } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import {
  cycleSeconds,
  directionOf,
  type FlowNode,
  flowBalance,
  flowBranches,
  gridStateOf,
  hasFlowData,
  idleThresholdKw,
  storageStateOf,
} from './flow-model';

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

  it('draws the load without the piles, which have their own branch (issue 11: 60–150 kW missing)', () => {
    // The load meter measures everything, piles included: grid 2,630 = load 2,630 at night.
    const s = summary({ storagePower: 0, pvPower: 0, loadPower: 2630, gridPower: 2630, chargerPower: 130 });
    const power = (node: FlowNode) => flowBranches(s, 2500).find((b) => b.node === node)?.power;
    expect(power('load')).toBe(2500);
    expect(power('charger')).toBe(130);
    expect(power('grid')).toBe(2630);
    expect(flowBalance(s, 2500)).toEqual({
      totalLoad: 2630,
      otherLoad: 2500,
      into: 2630,
      outOf: 2630,
      residual: 0,
      balanced: true,
    });
  });

  it('balances as drawn for generated stations: import + PV + discharge = load + piles + charge + export', () => {
    const random = mulberry32(11);
    const between = (lo: number, hi: number) => lo + (hi - lo) * random();
    // Meters report 0.1 kW; the diagram shows 0.1 kW.
    const tenth = (v: number) => Math.round(v * 10) / 10;
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const rated = [100, 1000, 2500][i % 3] ?? 1000;
      const building = between(0.05, 1.2) * rated;
      const piles = Array.from({ length: 1 + (i % 4) }, () => (random() < 0.4 ? 0 : between(7, 120)));
      const pileKw = piles.reduce((a, b) => a + b, 0);
      const night = random() < 0.35;
      const pvKw = night ? 0 : between(0, 0.6) * rated;
      const mode = random();
      const storageKw = mode < 0.3 ? -between(0.05, 1) * rated : mode < 0.6 ? between(0.05, 1) * rated : 0;
      const loadKw = building + pileKw;
      // The simulator's rule (domain.md): grid = load − PV − storage; < 0 is export.
      const gridKw = loadKw - pvKw - storageKw;
      const s = summary({
        storagePower: tenth(storageKw),
        pvPower: tenth(pvKw),
        loadPower: tenth(loadKw),
        gridPower: tenth(gridKw),
        chargerPower: tenth(pileKw),
      });
      const branches = flowBranches(s, rated);
      const at = (node: FlowNode) => {
        const b = branches.find((x) => x.node === node);
        if (!b || b.power === null) throw new Error(`no ${node}`);
        return b;
      };
      const threshold = idleThresholdKw(rated);
      // Signs: each branch's direction follows its own sign rule.
      const expectDirection = (node: FlowNode, intoBusKw: number) =>
        expect(at(node).direction).toBe(Math.abs(intoBusKw) < threshold ? 'idle' : intoBusKw > 0 ? 'toBus' : 'fromBus');
      expectDirection('grid', tenth(gridKw));
      expectDirection('pv', tenth(pvKw));
      expectDirection('storage', tenth(storageKw));
      expectDirection('load', -(tenth(loadKw) - tenth(pileKw)));
      expectDirection('charger', -tenth(pileKw));
      if (night) expect(at('pv').direction).toBe('idle');
      seen.add(`${gridStateOf(s.gridPower, rated)}/${storageStateOf(s.storagePower, rated)}/${at('pv').direction}`);
      // The load node is the building: the meter less the piles.
      expect(at('load').power).toBeCloseTo(building, 0);
      // The magnitudes drawn, rounded as shown, add up on both sides of the bus.
      const drawn = branches.map((b) => ({ ...b, shown: tenth(Math.abs(b.power ?? 0)) }));
      const sideOf = (b: (typeof drawn)[number]) =>
        (b.power ?? 0) === 0
          ? 0
          : (b.power ?? 0) > 0 === (b.node === 'grid' || b.node === 'pv' || b.node === 'storage')
            ? 1
            : -1;
      const inShown = drawn.filter((b) => sideOf(b) > 0).reduce((a, b) => a + b.shown, 0);
      const outShown = drawn.filter((b) => sideOf(b) < 0).reduce((a, b) => a + b.shown, 0);
      expect(Math.abs(inShown - outShown)).toBeLessThanOrEqual(0.3);
      const balance = flowBalance(s, rated);
      expect(balance.into).toBeCloseTo(inShown, 0);
      expect(balance.outOf).toBeCloseTo(outShown, 0);
      expect(balance.balanced).toBe(true);
      expect(Math.abs(balance.residual ?? Number.NaN)).toBeLessThan(0.3);
    }
    // The generator covered import and export, charge, discharge and idle storage, PV at night.
    for (const state of ['import/charge/toBus', 'import/discharge/idle', 'export/discharge/toBus', 'import/idle/idle'])
      expect(seen).toContain(state);
  });

  it('says when the meters do not add up, and cannot say without grid or load', () => {
    const off = summary({ storagePower: 0, pvPower: 100, loadPower: 900, gridPower: 850, chargerPower: 60 });
    expect(flowBalance(off, 1000)).toMatchObject({ into: 950, outOf: 900, residual: 50, balanced: false });
    const noLoad = flowBalance(summary({ gridPower: 400, chargerPower: 60 }), 1000);
    expect(noLoad).toMatchObject({ totalLoad: null, otherLoad: null, residual: null, balanced: null });
    expect(flowBalance(null, 1000).balanced).toBeNull();
    // Without pile data the load node is the whole meter.
    const noPiles = summary({ storagePower: -200, pvPower: 0, loadPower: 300, gridPower: 500, chargerPower: null });
    expect(flowBranches(noPiles, 1000).find((b) => b.node === 'load')?.power).toBe(300);
    expect(flowBalance(noPiles, 1000)).toMatchObject({ into: 500, outOf: 500, balanced: true });
  });
});

/** A small seeded generator, so a failure names inputs that can be replayed. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
