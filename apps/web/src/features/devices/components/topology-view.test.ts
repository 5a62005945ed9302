import { describe, expect, it } from 'vitest';
import { layoutTopology } from './topology-layout';
import { fitTopology } from './topology-view';

const cabinets = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, kind: 'cabinet' as const, children: [] }));
const make = (n: number) => (maxWidth: number) =>
  layoutTopology({ variant: 'pcs', gatewayId: 99, units: cabinets(n), maxWidth });

describe('fitTopology', () => {
  it('enlarges a small plant on a wall display, whole diagram in view', () => {
    const { scale, layout } = fitTopology(make(1), { width: 1650, visibleHeight: 900 });
    expect(scale).toBeGreaterThan(1);
    expect(layout.height * scale).toBeLessThanOrEqual(900);
    expect(layout.width * scale).toBeLessThanOrEqual(1651);
  });

  it('rewraps the units for the scale it picks, so the diagram keeps to the width', () => {
    const { scale, layout } = fitTopology(make(10), { width: 1650, visibleHeight: 900 });
    expect(layout.width * scale).toBeLessThanOrEqual(1651);
    expect(layout.height * scale).toBeLessThanOrEqual(900);
  });

  it('falls back to actual size and scrolling when nothing readable fits (20 cabinets at 1024 px)', () => {
    const { scale, layout } = fitTopology(make(20), { width: 760, visibleHeight: 600 });
    expect(scale).toBe(1);
    expect(layout.width).toBeLessThanOrEqual(760);
    expect(layout.height).toBeGreaterThan(600);
  });
});
