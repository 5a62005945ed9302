import { CELL_LIMITS, CELL_SPREAD_LIMITS, type LiveValues } from '@ess/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type BatteryUnit, BatteryUnitTable } from './battery-unit-table';

const units: BatteryUnit[] = [
  { id: 1, name: 'BMS-1', type: 'bms', status: 'online' },
  { id: 2, name: 'BMS-2', type: 'bms', status: 'online' },
];

const sample = (now: number, values: Record<string, number>): LiveValues =>
  Object.fromEntries(Object.entries(values).map(([code, value]) => [code, { value, ts: now }]));

describe('battery unit table', () => {
  it('marks the values past their limits, and only those', async () => {
    const now = Date.now();
    const healthy = { soh: 96, cellVmax: 3.35, cellVmin: 3.33, cellTmax: 28, cellTmin: 26 };
    // A weak cluster: a high cell past the warning limit, a low one past the alarm limit, worn.
    const weak = {
      soh: CELL_LIMITS.soh.warnBelow - 1,
      cellVmax: CELL_LIMITS.cellVmax.warnAbove + 0.01,
      cellVmin: CELL_LIMITS.cellVmin.alarmBelow - 0.01,
      cellTmax: 30,
      cellTmin: 27,
    };
    render(
      <BatteryUnitTable
        units={units}
        live={{ 1: sample(now, healthy), 2: sample(now - 10 * 60_000, weak) }}
        status={{}}
        selected={null}
        onSelect={() => {}}
      />,
    );
    const level = (id: string) => screen.getByTestId(`battery-${id}`).dataset.limit;
    for (const id of ['soh', 'vmax', 'vmin', 'tmax', 'tmin', 'dv', 'dt', 'age'])
      expect(level(`1-${id}`)).toBe('normal');

    expect(level('2-soh')).toBe('warning');
    expect(level('2-vmax')).toBe('warning');
    expect(level('2-vmin')).toBe('alarm');
    // The spread follows from the two extremes: (vmax − vmin) in mV against the spread limit.
    const spreadMv = (weak.cellVmax - weak.cellVmin) * 1000;
    expect(spreadMv).toBeGreaterThan(CELL_SPREAD_LIMITS.voltageMv.alarmAbove);
    expect(level('2-dv')).toBe('alarm');
    expect(level('2-dt')).toBe('normal');
    // Ten minutes without a value is past the data-age alarm limit.
    expect(level('2-age')).toBe('alarm');
  });
});
