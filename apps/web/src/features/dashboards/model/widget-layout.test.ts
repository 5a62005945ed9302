import type { DashboardWidget } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { moved, newKey } from './widget-layout';

const map = (key: string): DashboardWidget => ({ key, kind: 'map', stationId: null, w: 6, h: 3 });

describe('dashboard layout', () => {
  it('gives each new widget a key of its own', () => {
    expect(newKey('map', [map('map1'), map('map3')])).toBe('map2');
    expect(newKey('kpi', [map('map1')])).toBe('kpi1');
  });

  it('moves a widget within the order, never past the ends', () => {
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, -5)).toEqual(['c', 'a', 'b']);
  });
});
