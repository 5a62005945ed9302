import { type DayIncome, TOU_PERIODS, type TouPeriod } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { dayRow, efficiencyOf, energyRows } from './period-rows';

type Split = Partial<Record<TouPeriod, [number, number, number | null]>>;

/** A day as the server sends it: totals are the micro-kWh sums of the periods. */
function day(date: string, split: Split, hasData = true): DayIncome {
  const periods = Object.fromEntries(
    TOU_PERIODS.map((p) => {
      const [c, d, r] = split[p] ?? [0, 0, 0];
      return [p, { chargeKwh: c, dischargeKwh: d, revenue: r }];
    }),
  ) as DayIncome['periods'];
  const sum = (k: 'chargeKwh' | 'dischargeKwh') =>
    TOU_PERIODS.reduce((s, p) => s + Math.round(periods[p][k] * 1e6), 0) / 1e6;
  const revenues = TOU_PERIODS.map((p) => periods[p].revenue ?? 0);
  return {
    date,
    hasData,
    periods,
    chargeKwh: sum('chargeKwh'),
    dischargeKwh: sum('dischargeKwh'),
    revenue: revenues.reduce((a, b) => a + b, 0),
  };
}

describe('charge-discharge rows', () => {
  it('adds a day’s periods up to the day’s total exactly, even with decimals that float sums get wrong', () => {
    const d = day('2026-03-01', {
      peak: [0.1, 1234.567891, 740.740734],
      flat: [0.2, 0.000001, 0],
      valley: [395.04112, 0.7, -39.434112],
    });
    const row = dayRow(d);
    expect(row.consistent).toBe(true);
    expect(row.charge).toBe(395.34112);
    expect(row.discharge).toBe(1235.267892);
    // Plain float addition would give 0.30000000000000004 for 0.1 + 0.2.
    expect(dayRow(day('2026-03-02', { peak: [0.1, 0, 0], flat: [0.2, 0, 0] })).charge).toBe(0.3);
  });

  it('flags a day whose total does not match its periods', () => {
    const d = day('2026-03-01', { peak: [1, 2, 1] });
    expect(dayRow({ ...d, chargeKwh: 1.1 }).consistent).toBe(false);
  });

  it('totals every period and the whole range over the days', () => {
    const { rows, total } = energyRows({
      days: [
        day('2026-03-01', { peak: [0, 100.05, 60.03], valley: [120.1, 0, -12.01] }),
        day('2026-03-02', {}, false),
        day('2026-03-03', { sharp: [0, 10, 9], peak: [0, 80.3, 48.18], valley: [95.4, 0, -9.54] }),
      ],
    });
    expect(rows).toHaveLength(3);
    expect(total.key).toBe('total');
    expect(total.periods.peak.discharge).toBe(180.35);
    expect(total.periods.valley.charge).toBe(215.5);
    expect(total.periods.sharp.discharge).toBe(10);
    expect(total.charge).toBe(215.5);
    expect(total.discharge).toBe(190.35);
    expect(total.consistent).toBe(true);
    expect(total.revenue).toBeCloseTo(60.03 - 12.01 + 9 + 48.18 - 9.54, 6);
    expect(total.hasData).toBe(true);
    expect(efficiencyOf(total)).toBeCloseTo((190.35 / 215.5) * 100, 9);
    expect(efficiencyOf({ wholeCharge: 0, wholeDischarge: 5 })).toBeNull();
  });

  it('keeps a partial day out of efficiency, marked, while its energy still adds up', () => {
    // A first day read from noon: 5,900 kWh out for 3,279.4 in; then a whole day at 90 %.
    const first = { ...day('2026-03-01', { peak: [0, 5900, 0], valley: [3279.4, 0, 0] }), whole: false };
    const whole = { ...day('2026-03-02', { peak: [0, 288, 0], valley: [320, 0, 0] }), whole: true };
    const { rows, total } = energyRows({ days: [first, whole] });
    expect(rows.map((r) => r.whole)).toEqual([false, true]);
    expect(efficiencyOf(rows[0] as (typeof rows)[0])).toBeNull();
    expect(total).toMatchObject({ whole: false, charge: 3599.4, discharge: 6188 });
    expect(efficiencyOf(total)).toBeCloseTo(90, 9);
  });

  it('has no revenue where a day has none (no price template)', () => {
    const d = day('2026-03-01', { flat: [5, 4, null] });
    const { total } = energyRows({ days: [{ ...d, revenue: null }] });
    expect(total.revenue).toBeNull();
    expect(total.periods.flat.revenue).toBeNull();
  });
});
