import { describe, expect, it } from 'vitest';
import type { LiveDevice } from '../hooks/use-live-devices';
import { cabinetRows, compareNullable, filterCabinets } from './cabinet-rows';

const cab = (id: number, name: string, status: LiveDevice['status'], runState?: number): LiveDevice => ({
  id,
  sn: `JS-NJ01-${name}`,
  name,
  type: 'cabinet',
  parentId: 1,
  lastSeenAt: 50,
  status,
  tone: 'standby',
  values: runState === undefined ? {} : { runState: { value: runState, ts: 100 + id } },
});

const rows = cabinetRows([cab(1, 'CAB-01', 'online', 1), cab(2, 'CAB-02', 'online', 2), cab(3, 'CAB-03', 'offline')], {
  date: '2026-11-23',
  units: [
    {
      deviceId: 2,
      sn: 'JS-NJ01-CAB-02',
      name: 'CAB-02',
      type: 'cabinet',
      status: 'online',
      ratedPowerKw: 100,
      powerKw: 50,
      soc: 40,
      runState: 2,
      runStateText: 'Discharging',
      todayChargeKwh: 188.2,
      todayDischargeKwh: 169.8,
      ts: 1,
    },
  ],
});

describe('cabinet rows', () => {
  it("joins today's energy by device and knows when each cabinet last reported", () => {
    expect(rows.map((r) => [r.name, r.todayChargeKwh, r.todayDischargeKwh, r.lastSeen])).toEqual([
      ['CAB-01', null, null, 101],
      ['CAB-02', 188.2, 169.8, 102],
      ['CAB-03', null, null, 50],
    ]);
  });

  it('filters by name or serial, communication status and run state together', () => {
    const names = (f: Parameters<typeof filterCabinets>[1]) => filterCabinets(rows, f).map((r) => r.name);
    expect(names({ search: 'cab-0', status: 'all', runStates: [] })).toEqual(['CAB-01', 'CAB-02', 'CAB-03']);
    expect(names({ search: 'nj01-cab-02', status: 'all', runStates: [] })).toEqual(['CAB-02']);
    expect(names({ search: '', status: 'offline', runStates: [] })).toEqual(['CAB-03']);
    expect(names({ search: '', status: 'all', runStates: [1] })).toEqual(['CAB-01']);
    expect(names({ search: '', status: 'online', runStates: [1, 2] })).toEqual(['CAB-01', 'CAB-02']);
  });

  it('sorts missing values last, also when the table reverses for descending order', () => {
    expect([3, null, 1].sort((a, b) => compareNullable(a, b, 'ascend'))).toEqual([1, 3, null]);
    expect([3, null, 1].sort((a, b) => -compareNullable(a, b, 'descend'))).toEqual([3, 1, null]);
  });
});
