import { describe, expect, it } from 'vitest';
import { dayRow } from '../hooks/period-rows';
import { periodChartOption } from './period-chart-option';

const row = (date: string, hasData = true) =>
  dayRow({
    date,
    hasData,
    chargeKwh: 30,
    dischargeKwh: 25,
    revenue: 10,
    periods: {
      sharp: { chargeKwh: 0, dischargeKwh: 0, revenue: 0 },
      peak: { chargeKwh: 0, dischargeKwh: 25, revenue: 15 },
      flat: { chargeKwh: 0, dischargeKwh: 0, revenue: 0 },
      valley: { chargeKwh: 30, dischargeKwh: 0, revenue: -3 },
      deepValley: { chargeKwh: 0, dischargeKwh: 0, revenue: 0 },
    },
  });

const text = {
  period: { sharp: 'Sharp', peak: 'Peak', flat: 'Flat', valley: 'Valley', deepValley: 'Deep valley' },
  charge: 'Charged',
  discharge: 'Discharged',
  axis: 'Energy',
};

describe('charge-discharge chart', () => {
  it('stacks discharge above and charge below the axis, per period, days without data empty', () => {
    const option = periodChartOption(
      [row('2026-03-01'), row('2026-03-02', false)],
      ['peak', 'valley'],
      text,
      (v) => `${v} kWh`,
      String,
    ) as {
      series: { id: string; name: string; stack: string; data: (number | null)[] }[];
      legend: { data: string[] };
      xAxis: { data: string[] };
    };
    expect(option.xAxis.data).toEqual(['2026-03-01', '2026-03-02']);
    expect(option.legend.data).toEqual(['Peak', 'Valley']);
    expect(option.series.map((s) => [s.id, s.name, s.stack])).toEqual([
      ['peak-discharge', 'Peak', 'discharge'],
      ['peak-charge', 'Peak', 'charge'],
      ['valley-discharge', 'Valley', 'discharge'],
      ['valley-charge', 'Valley', 'charge'],
    ]);
    expect(option.series[0]?.data).toEqual([25, null]);
    expect(option.series[3]?.data).toEqual([-30, null]);
  });
});
