import { describe, expect, it } from 'vitest';
import { busBalance, busPowersOf, busToleranceKw } from './topology-balance';
import { layoutTopology } from './topology-layout';

const GATEWAY = 1;
const PV = 2;
const LOAD = 3;

/** A container plant: two PCS with two clusters each, all meters configured. */
const layout = layoutTopology({
  variant: 'pcs',
  gatewayId: GATEWAY,
  feeders: [
    { role: 'pv', meterId: PV },
    { role: 'load', meterId: LOAD },
  ],
  units: [
    { id: 10, kind: 'pcs', children: [{ id: 11 }, { id: 12 }] },
    { id: 20, kind: 'pcs', children: [{ id: 21 }, { id: 22 }] },
  ],
  maxWidth: 1200,
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

describe('bus balance of the PCS topology', () => {
  it('reads the drawn branches: gateway, PV and load meters and the PCS, not their clusters', () => {
    const values = new Map([
      [GATEWAY, 2630],
      [PV, 0],
      [LOAD, 2630],
      [10, 0],
      [20, 0],
      [11, 999],
    ]);
    const powers = busPowersOf(layout, (id) => values.get(id) ?? null);
    expect(powers).toEqual({ grid: 2630, pv: 0, load: 2630, storage: [0, 0] });
    // Issue 11: 2.6 MW of import now has a load to go to.
    expect(busBalance(powers, busToleranceKw(2500))).toEqual({
      into: 2630,
      outOf: 2630,
      residual: 0,
      balanced: true,
    });
  });

  it('adds up for generated stations: import + PV + discharge = load + charge + export', () => {
    const random = mulberry32(7);
    const between = (lo: number, hi: number) => lo + (hi - lo) * random();
    const tenth = (v: number) => Math.round(v * 10) / 10;
    const tolerance = busToleranceKw(2500);
    let exported = 0;
    for (let i = 0; i < 300; i++) {
      const pv = random() < 0.35 ? 0 : between(0, 1000);
      const load = between(100, 3000);
      const pcs = [0, 1].map(() => (random() < 0.3 ? 0 : between(-1250, 1250)));
      const storage = pcs.reduce((a, b) => a + b, 0);
      const grid = load - pv - storage;
      if (grid < 0) exported++;
      const values = new Map([
        [GATEWAY, tenth(grid)],
        [PV, tenth(pv)],
        [LOAD, tenth(load)],
        [10, tenth(pcs[0] ?? 0)],
        [20, tenth(pcs[1] ?? 0)],
      ]);
      const b = busBalance(
        busPowersOf(layout, (id) => values.get(id) ?? null),
        tolerance,
      );
      const expectedIn = Math.max(0, grid) + pv + pcs.filter((p) => p > 0).reduce((a, p) => a + p, 0);
      const expectedOut = load + Math.max(0, -grid) - pcs.filter((p) => p < 0).reduce((a, p) => a + p, 0);
      expect(b.into).toBeCloseTo(expectedIn, 0);
      expect(b.outOf).toBeCloseTo(expectedOut, 0);
      expect(b.balanced).toBe(true);
    }
    expect(exported).toBeGreaterThan(0);
  });

  it('names a mismatch, and cannot tell while a drawn branch has no value', () => {
    const powers = { grid: 500, pv: 100, load: 700, storage: [50] };
    expect(busBalance(powers, busToleranceKw(1000))).toEqual({
      into: 650,
      outOf: 700,
      residual: -50,
      balanced: false,
    });
    expect(busBalance({ ...powers, load: null }, 2).balanced).toBeNull();
    expect(busBalance({ ...powers, storage: [50, null] }, 2).into).toBeNull();
    // Without a PV branch on the drawing, PV counts as 0; without a load branch, nothing is told.
    const noFeeders = layoutTopology({ variant: 'pcs', gatewayId: GATEWAY, units: [], maxWidth: 800 });
    expect(busPowersOf(noFeeders, () => 10)).toEqual({ grid: 10, pv: 0, load: null, storage: [] });
  });
});
