import { describe, expect, it } from 'vitest';
import { layoutTopology, TOPOLOGY_SIZES, type TopologyBox, type TopologyLayout } from './topology-layout';

const cabinets = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: 100 + i, kind: 'cabinet' as const, children: [] }));
const container = [
  { id: 2, kind: 'pcs' as const, children: [{ id: 6 }, { id: 8 }] },
  { id: 4, kind: 'pcs' as const, children: [{ id: 7 }, { id: 9 }] },
];

const box = (l: TopologyLayout, key: string): TopologyBox => {
  const b = l.boxes.find((x) => x.key === key);
  if (!b) throw new Error(`no box ${key}`);
  return b;
};
const overlaps = (a: TopologyBox, b: TopologyBox) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe('layoutTopology', () => {
  it('draws grid → gateway meter → transformer → bus → PCS → clusters, top to bottom', () => {
    const l = layoutTopology({ variant: 'pcs', gatewayId: 36, units: container, maxWidth: 1600 });
    const [grid, meter, tr, pcs, cluster] = ['grid', 'meter', 'transformer', 'u-2', 'c-6'].map((k) => box(l, k));
    expect(meter?.deviceId).toBe(36);
    expect(grid && meter && grid.y + grid.h <= meter.y).toBe(true);
    expect(meter && tr && meter.y + meter.h <= tr.y).toBe(true);
    const bus = l.buses[0];
    expect(tr && bus && tr.y + tr.h < bus.y).toBe(true);
    expect(pcs && bus && pcs.y > bus.y).toBe(true);
    expect(cluster && pcs && cluster.y > pcs.y + pcs.h).toBe(true);
    expect(l.buses).toHaveLength(1);
    expect(l.riser).toBeNull();
  });

  it('centres each PCS over its clusters and wires every device to its parent', () => {
    const l = layoutTopology({ variant: 'pcs', gatewayId: null, units: container, maxWidth: 1600 });
    const pcs = box(l, 'u-2');
    const [a, b] = [box(l, 'c-6'), box(l, 'c-8')];
    expect(pcs.x + pcs.w / 2).toBeCloseTo((a.x + b.x + b.w) / 2);
    expect(
      l.wires
        .filter((w) => w.role === 'storage')
        .map((w) => w.deviceId)
        .sort(),
    ).toEqual([2, 4, 6, 7, 8, 9]);
    expect(l.boxes.some((b) => b.kind === 'meter')).toBe(false);
  });

  it('wraps many cabinets onto bus sections fed by a riser, within the width', () => {
    const l = layoutTopology({ variant: 'pcs', gatewayId: 1, units: cabinets(20), maxWidth: 1000 });
    expect(l.buses.length).toBeGreaterThan(1);
    expect(l.riser).not.toBeNull();
    expect(l.width).toBeLessThanOrEqual(1000);
    const units = l.boxes.filter((b) => b.kind === 'cabinet');
    expect(units).toHaveLength(20);
    for (const [i, a] of units.entries()) for (const b of units.slice(i + 1)) expect(overlaps(a, b)).toBe(false);
    // Each cabinet hangs below its own bus section.
    for (const u of units) expect(l.buses.some((bus) => bus.y < u.y && u.y - bus.y <= 60)).toBe(true);
  });

  it('keeps one row on a wide display and gives battery nodes room for cell extremes', () => {
    const l = layoutTopology({ variant: 'battery', gatewayId: 1, units: cabinets(4), maxWidth: 1900 });
    expect(l.buses).toHaveLength(1);
    expect(l.boxes.some((b) => b.kind === 'grid' || b.kind === 'transformer')).toBe(false);
    expect(box(l, 'u-100').h).toBe(TOPOLOGY_SIZES.battery.cabinet[1]);
  });

  it('puts at least one unit per row however narrow', () => {
    const l = layoutTopology({ variant: 'pcs', gatewayId: null, units: cabinets(3), maxWidth: 50 });
    expect(l.buses).toHaveLength(3);
  });

  it('hangs the PV and load branches on the main bus beside the grid chain, meters level with the gateway', () => {
    const feeders = [
      { role: 'pv' as const, meterId: 40 },
      { role: 'load' as const, meterId: 41 },
    ];
    for (const maxWidth of [760, 1200, 1900]) {
      const l = layoutTopology({ variant: 'pcs', gatewayId: 36, feeders, units: container, maxWidth });
      const [pv, load, gateway, grid, tr] = [
        box(l, 'meter-pv'),
        box(l, 'meter-load'),
        box(l, 'meter'),
        box(l, 'grid'),
        box(l, 'transformer'),
      ];
      const [pvArray, site] = [box(l, 'pvArray'), box(l, 'load')];
      expect([pv.place, load.place, gateway.place]).toEqual(['pv', 'load', 'gateway']);
      expect([pv.deviceId, load.deviceId]).toEqual([40, 41]);
      expect(pv.y).toBe(gateway.y);
      expect(load.y).toBe(gateway.y);
      expect(pvArray.y).toBe(grid.y);
      expect(site.y).toBe(grid.y);
      // PV left of the chain, load right of it, nothing overlapping.
      expect(pv.x + pv.w).toBeLessThan(gateway.x);
      expect(load.x).toBeGreaterThan(gateway.x + gateway.w);
      const all = l.boxes;
      for (const [i, a] of all.entries())
        for (const b of all.slice(i + 1)) expect(overlaps(a, b), `${a.key}/${b.key}`).toBe(false);
      // Each branch's conductor runs from its symbol through its meter down onto the main bus.
      const bus = l.buses[0];
      if (!bus) throw new Error('no bus');
      for (const role of ['pv', 'load'] as const) {
        const wires = l.wires.filter((w) => w.role === role);
        expect(wires.map((w) => w.deviceId)).toEqual([role === 'pv' ? 40 : 41, role === 'pv' ? 40 : 41]);
        const m = /^M([\d.]+),([\d.]+)V([\d.]+)$/.exec(wires.at(-1)?.d ?? '');
        expect(Number(m?.[3])).toBe(bus.y);
        expect(Number(m?.[1])).toBeGreaterThan(bus.x1);
        expect(Number(m?.[1])).toBeLessThan(bus.x2);
      }
      expect(tr.y + tr.h).toBeLessThan(bus.y);
      expect(l.width).toBeLessThanOrEqual(Math.max(maxWidth, 760));
    }
  });

  it('draws only the branches whose meters are configured, and none in the battery view', () => {
    const pvOnly = layoutTopology({
      variant: 'pcs',
      gatewayId: null,
      feeders: [{ role: 'pv', meterId: 40 }],
      units: cabinets(2),
      maxWidth: 1200,
    });
    expect(pvOnly.boxes.filter((b) => b.kind === 'meter').map((b) => b.place)).toEqual(['pv']);
    expect(pvOnly.boxes.some((b) => b.kind === 'load')).toBe(false);
    const battery = layoutTopology({
      variant: 'battery',
      gatewayId: 1,
      feeders: [{ role: 'load', meterId: 41 }],
      units: cabinets(2),
      maxWidth: 1200,
    });
    expect(battery.boxes.some((b) => b.kind === 'meter' || b.kind === 'load')).toBe(false);
  });
});
