import type { CurveSeries } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { buildCurveOption } from './curve-option';

const series = (code: string, unit: string | null, band = false): CurveSeries => ({
  deviceId: 1,
  code,
  name: code.toUpperCase(),
  unit,
  resolution: band ? '15m' : 'raw',
  bucketMs: band ? 900_000 : null,
  data: [
    [0, 1],
    [900_000, -3],
  ],
  ...(band
    ? {
        band: [
          [0, -2, 4],
          [900_000, -5, -1],
        ],
      }
    : {}),
});

type Built = {
  yAxis: { name: string; position: string; minInterval?: number }[];
  series: { id: string; yAxisIndex: number; data: number[][]; step?: string; stack?: string; stackStrategy?: string }[];
  tooltip: { formatter: (p: unknown) => string };
};

const build = (list: CurveSeries[], stateCodes: string[] = []) =>
  buildCurveOption({
    series: list,
    from: 0,
    to: 900_000,
    stateCodes: new Set(stateCodes),
    formatValue: (code, v) => `${v} ${code}`,
    axis: (ts) => ts,
    formatTime: (ts) => `T${ts}`,
    texts: { band: 'min–max', state: 'State' },
  }) as unknown as Built;

describe('buildCurveOption', () => {
  it('gives each unit its own axis, alternating sides, and one axis for all states', () => {
    const o = build(
      [series('p', 'kW'), series('q', 'kVar'), series('soc', '%'), series('runState', null)],
      ['runState'],
    );
    expect(o.yAxis.map((a) => [a.name, a.position])).toEqual([
      ['kW', 'left'],
      ['kVar', 'right'],
      ['%', 'left'],
      ['State', 'right'],
    ]);
    expect(o.series.find((s) => s.id === 's:runState')).toMatchObject({ yAxisIndex: 3, step: 'end' });
    expect(o.yAxis[3]?.minInterval).toBe(1);
  });

  it('shares an axis between points of the same unit', () => {
    const o = build([series('ua', 'V'), series('ub', 'V')]);
    expect(o.yAxis).toHaveLength(1);
    expect(o.series.map((s) => s.yAxisIndex)).toEqual([0, 0]);
  });

  it('stacks the band as max − min over min, also below zero', () => {
    const o = build([series('p', 'kW', true)]);
    const low = o.series.find((s) => s.id === 'b0:p');
    const span = o.series.find((s) => s.id === 'b1:p');
    expect(low?.data).toEqual([
      [0, -2],
      [900_000, -5],
    ]);
    expect(span?.data).toEqual([
      [0, 6],
      [900_000, 4],
    ]);
    expect(span?.stack).toBe(low?.stack);
    expect(span?.stackStrategy).toBe('all');
  });

  it('lists each point once in the tooltip, with its band', () => {
    const o = build([series('p', 'kW', true)]);
    const html = o.tooltip.formatter([
      { seriesId: 'b0:p', value: [0, -2] },
      { seriesId: 'b1:p', value: [0, 6] },
      { seriesId: 's:p', seriesName: 'P', value: [0, 1], marker: '' },
    ]);
    expect(html).toBe('T0<br/>P: <b>1 p</b> <span style="opacity:.65">(min–max -2 p ~ 4 p)</span>');
  });

  it("draws on the station's clock: axis values are its wall clock, drawn in UTC", () => {
    const shift = 8 * 3_600_000;
    const o = buildCurveOption({
      series: [series('p', 'kW', true)],
      from: 0,
      to: 900_000,
      stateCodes: new Set(),
      formatValue: String,
      axis: (ts) => ts + shift,
      formatTime: (ts) => `T${ts}`,
      texts: { band: 'min–max', state: 'State' },
    }) as unknown as Built & { useUTC: boolean; xAxis: { min: number; max: number } };
    expect(o.useUTC).toBe(true);
    expect(o.xAxis).toMatchObject({ min: shift, max: 900_000 + shift });
    expect(o.series.find((s) => s.id === 's:p')?.data[0]).toEqual([shift, 1]);
    expect(o.series.find((s) => s.id === 'b0:p')?.data[0]).toEqual([shift, -2]);
  });

  it('escapes names in the tooltip', () => {
    const o = build([series('p', 'kW')]);
    expect(o.tooltip.formatter([{ seriesId: 's:p', seriesName: '<b>', value: [0, 1] }])).toContain('&#60;b&#62;');
  });
});
