import { describe, expect, it } from 'vitest';
import type { LiveDevice } from '../hooks/use-live-devices';
import { cellExtremes } from './cell-extremes';

const battery = (id: number, values: Record<string, number>, status: LiveDevice['status'] = 'online'): LiveDevice => ({
  id,
  sn: `B${id}`,
  name: `B${id}`,
  type: 'bms',
  parentId: null,
  lastSeenAt: null,
  status,
  tone: 'standby',
  values: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, { value: v, ts: 1 }])),
});

describe('cellExtremes', () => {
  it('finds each extreme, its battery and its cell, over online batteries only', () => {
    const a = battery(1, {
      cellVmax: 3.41,
      cellVmaxNo: 12,
      cellVmin: 3.3,
      cellVminNo: 5,
      cellTmax: 31,
      cellTmaxNo: 7,
      cellTmin: 22,
      cellTminNo: 3,
      soc: 60,
      soh: 97,
    });
    const b = battery(2, {
      cellVmax: 3.38,
      cellVmaxNo: 40,
      cellVmin: 3.28,
      cellVminNo: 201,
      cellTmax: 33.5,
      cellTmaxNo: 99,
      cellTmin: 23,
      cellTminNo: 4,
      soc: 52,
      soh: 95.5,
    });
    const off = battery(3, { cellVmax: 3.9, cellVmin: 2.5, cellTmax: 60, soc: 5, soh: 80 }, 'offline');
    const x = cellExtremes([a, b, off]);
    expect([x.vmax?.value, x.vmax?.device.id, x.vmax?.cell]).toEqual([3.41, 1, 12]);
    expect([x.vmin?.value, x.vmin?.device.id, x.vmin?.cell]).toEqual([3.28, 2, 201]);
    expect([x.tmax?.value, x.tmax?.device.id, x.tmax?.cell]).toEqual([33.5, 2, 99]);
    expect([x.tmin?.value, x.tmin?.device.id, x.tmin?.cell]).toEqual([22, 1, 3]);
    expect([x.sohMin?.value, x.sohMin?.device.id]).toEqual([95.5, 2]);
    expect(x.socSpread?.value).toBe(8);
    expect([x.socSpread?.high.id, x.socSpread?.low.id]).toEqual([1, 2]);
  });

  it('is empty without readings', () => {
    expect(cellExtremes([battery(1, {})])).toEqual({
      vmax: null,
      vmin: null,
      tmax: null,
      tmin: null,
      sohMin: null,
      socSpread: null,
    });
  });
});
