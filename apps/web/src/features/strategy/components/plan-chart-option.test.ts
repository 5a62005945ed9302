import { describe, expect, it } from 'vitest';
import { palette } from '@/lib/theme/palette';
import { PERIODS, scheduleOf } from '../test-data';
import { compareChartOption } from './compare-chart-option';
import { type PlanChartText, planChartOption } from './plan-chart-option';
import { minuteLabel, periodBands, stepPoints } from './step-axis';

const TEXT: PlanChartText = {
  period: { sharp: 'Sharp', peak: 'Peak', flat: 'Flat', valley: 'Valley', deepValley: 'Deep valley' },
  storage: 'Storage',
  load: 'Load',
  pv: 'PV',
  grid: 'Grid',
  demandLimit: 'Demand limit',
  soc: 'SOC',
  powerAxis: 'kW',
  socAxis: '%',
};

type Serie = {
  id: string;
  data: [number, number | null][];
  yAxisIndex?: number;
  step?: string;
  markLine?: { data: { yAxis: number }[]; lineStyle: { color: string } };
  markArea?: { data: [{ xAxis: number; name: string; itemStyle: { color: string } }, { xAxis: number }][] };
};
const seriesOf = (option: object) => (option as { series: Serie[] }).series;
const byId = (option: object, id: string) => {
  const s = seriesOf(option).find((x) => x.id === id);
  if (!s) throw new Error(`no series ${id}`);
  return s;
};

const plan = scheduleOf(100, 250, 300.5);
const data = {
  periods: PERIODS,
  powerKw: plan.powerKw,
  gridKw: plan.gridKw,
  loadKw: PERIODS.map(() => 300),
  pvKw: PERIODS.map(() => 0),
  soc: plan.soc,
  demandLimitKw: 600,
};

describe('step axis', () => {
  it('holds each step from its start and repeats the last value at 24:00', () => {
    expect(stepPoints([1, 2, 3])).toEqual([
      [0, 1],
      [15, 2],
      [30, 3],
      [45, 3],
    ]);
    expect(minuteLabel(0)).toBe('00:00');
    expect(minuteLabel(1440)).toBe('24:00');
    expect(minuteLabel(8 * 60 + 15)).toBe('08:15');
  });

  it('merges equal TOU periods into bands', () => {
    expect(periodBands(PERIODS)).toEqual([
      { period: 'valley', from: 0, to: 480 },
      { period: 'peak', from: 480, to: 660 },
      { period: 'flat', from: 660, to: 1020 },
      { period: 'peak', from: 1020, to: 1260 },
      { period: 'flat', from: 1260, to: 1440 },
    ]);
  });
});

describe('daily plan chart series', () => {
  const option = planChartOption(data, TEXT, (v) => `${v} kW`);

  it('draws storage power with the platform sign: discharge above the axis, charge below', () => {
    const storage = byId(option, 'storage');
    expect(storage.step).toBe('end');
    expect(storage.data).toHaveLength(97);
    expect(storage.data[0]).toEqual([0, -100]); // 00:00 valley: charging
    expect(storage.data[32]).toEqual([480, 250]); // 08:00 peak: discharging
    expect(storage.data[96]).toEqual([1440, 0]);
  });

  it('puts the demand limit as a line on the grid import, in the limit colour', () => {
    const grid = byId(option, 'grid');
    expect(grid.data[0]).toEqual([0, 400]); // load 300 + charge 100
    expect(grid.markLine?.data).toEqual([{ yAxis: 600, name: 'Demand limit' }]);
    expect(grid.markLine?.lineStyle.color).toBe(palette.limits.limit);
    const noLimit = planChartOption({ ...data, demandLimitKw: null }, TEXT, String);
    expect(byId(noLimit, 'grid').markLine).toBeUndefined();
  });

  it('colours the TOU bands from the palette and puts SOC on the second axis at step boundaries', () => {
    const bands = byId(option, 'storage').markArea?.data ?? [];
    expect(bands.map(([a, b]) => [a.name, a.xAxis, b.xAxis, a.itemStyle.color])).toEqual([
      ['Valley', 0, 480, palette.touPeriod.valley],
      ['Peak', 480, 660, palette.touPeriod.peak],
      ['Flat', 660, 1020, palette.touPeriod.flat],
      ['Peak', 1020, 1260, palette.touPeriod.peak],
      ['Flat', 1260, 1440, palette.touPeriod.flat],
    ]);
    const soc = byId(option, 'soc');
    expect(soc.yAxisIndex).toBe(1);
    expect(soc.data).toHaveLength(97);
    expect(soc.data[0]).toEqual([0, 10]);
    expect(soc.data[32]).toEqual([480, 90]); // 8 h charging at 100 kW: 800 kWh of 1000 kWh, +80 %
    expect(seriesOf(option).map((s) => s.id)).toEqual(['storage', 'load', 'pv', 'grid', 'soc']);
  });
});

describe('budget comparison series', () => {
  const text = { period: TEXT.period, optimal: 'Optimal', rule: 'Rule', axis: 'kW' };
  it('draws both schedules, power as steps, SOC at the 97 boundaries', () => {
    const optimal = scheduleOf(120, 300, 1);
    const rule = scheduleOf(100, 250, 1);
    const power = compareChartOption('power', optimal.powerKw, rule.powerKw, PERIODS, text, String);
    expect(byId(power, 'optimal').data[32]).toEqual([480, 300]);
    expect(byId(power, 'rule').data[0]).toEqual([0, -100]);
    const soc = compareChartOption('soc', optimal.soc, rule.soc, PERIODS, text, String);
    expect(byId(soc, 'optimal').data).toHaveLength(97);
    expect(byId(soc, 'optimal').step).toBeUndefined();
  });
});
