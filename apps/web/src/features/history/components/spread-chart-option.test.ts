import type { CurveSeries } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { spreadOf, spreadOption } from './spread-chart-option';

const s = (code: string, data: [number, number][], raw = true): CurveSeries => ({
  deviceId: 1,
  code,
  name: code,
  unit: null,
  resolution: raw ? 'raw' : '15m',
  bucketMs: raw ? null : 900_000,
  data,
});

const base = (raw: boolean) => ({
  max: s(
    'cellVmax',
    [
      [0, 3.4],
      [10, 3.41],
    ],
    raw,
  ),
  min: s(
    'cellVmin',
    [
      [0, 3.3],
      [20, 3.2],
    ],
    raw,
  ),
  maxNo: s('cellVmaxNo', [[0, 17]], raw),
  minNo: s('cellVminNo', [[0, 203]], raw),
  range: { from: 0, to: 100 },
  factor: 1000,
  unit: 'V',
  deltaUnit: 'mV',
  precision: 3,
  labels: { max: 'Highest', min: 'Lowest', delta: 'Spread', cell: (no: number) => `#${no}` },
  axis: (t: number) => t,
  time: String,
  value: (v: number, u: string) => `${v} ${u}`,
});

type Opt = { series: { data: unknown }[]; tooltip: { formatter: (p: unknown) => string } };

describe('cell spread', () => {
  it('is max − min where both have a value, scaled (V → mV)', () => {
    expect(
      spreadOf(
        [
          [0, 3.4],
          [10, 3.41],
        ],
        [
          [0, 3.3],
          [20, 3.2],
        ],
        1000,
      ),
    ).toEqual([[0, 100]]);
  });

  it('names the cells in the tooltip for raw samples only', () => {
    const params = [
      { seriesIndex: 0, value: [0, 3.4], color: 'red' },
      { seriesIndex: 1, value: [0, 3.3], color: 'blue' },
      { seriesIndex: 2, value: [0, 100], color: 'y' },
    ];
    const raw = spreadOption(base(true)) as unknown as Opt;
    expect(raw.series[2]?.data).toEqual([[0, 100]]);
    const text = raw.tooltip.formatter(params);
    expect(text).toContain('Highest: <b>3.4 V</b> (#17)');
    expect(text).toContain('Lowest: <b>3.3 V</b> (#203)');
    expect(text).toContain('Spread: <b>100 mV</b>');
    const rolled = spreadOption(base(false)) as unknown as Opt;
    expect(rolled.tooltip.formatter(params)).not.toContain('#17');
  });

  it("draws on the station's clock and still names the cells", () => {
    const shift = 8 * 3_600_000;
    const o = spreadOption({ ...base(true), axis: (t: number) => t + shift }) as unknown as Opt & {
      useUTC: boolean;
      xAxis: { min: number; max: number };
    };
    expect(o.useUTC).toBe(true);
    expect(o.xAxis).toMatchObject({ min: shift, max: 100 + shift });
    expect(o.series[2]?.data).toEqual([[shift, 100]]);
    expect(o.tooltip.formatter([{ seriesIndex: 0, value: [shift, 3.4], color: 'red' }])).toContain('(#17)');
  });

  it('opens on the window it is given, on the station clock, and on the whole range without one', () => {
    const shift = 8 * 3_600_000;
    type Zoom = { dataZoom: { startValue?: number; endValue?: number }[] };
    const opened = spreadOption({
      ...base(true),
      axis: (t: number) => t + shift,
      open: { from: 60, to: 100 },
    }) as unknown as Zoom;
    for (const z of opened.dataZoom) expect(z).toMatchObject({ startValue: 60 + shift, endValue: 100 + shift });
    const whole = spreadOption(base(true)) as unknown as Zoom;
    for (const z of whole.dataZoom) expect(z.startValue).toBeUndefined();
  });
});
