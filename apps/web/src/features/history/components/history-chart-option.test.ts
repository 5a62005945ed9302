import { describe, expect, it } from 'vitest';
import { stationTime } from '@/lib/station/station-time';
import { bandPolygon, type ChartLine, historyOption, unitAxes, zoomFromEvent } from './history-chart-option';

const line = (key: string, unit: string | null, extra: Partial<ChartLine> = {}): ChartLine => ({
  key,
  name: `N ${key}`,
  unit,
  precision: 1,
  color: '#123456',
  data: [
    [0, 1],
    [10, 2],
  ],
  ...extra,
});

const input = (lines: ChartLine[], over = {}) => ({
  lines,
  range: { from: 0, to: 100 },
  showBand: true,
  zoom: null,
  selected: {},
  value: (v: number, unit: string | null) => `${v}${unit ?? ''}`,
  axisLabel: String,
  axis: (ms: number) => ms,
  time: String,
  noUnit: '-',
  bandText: 'range',
  ...over,
});

type Opt = {
  yAxis: { name: string; position: string; offset: number }[];
  series: {
    id: string;
    name: string;
    yAxisIndex: number;
    type: string;
    sampling?: string;
    showSymbol: boolean;
    data: unknown;
  }[];
  legend: { data: string[] };
  dataZoom: { type: string; startValue?: number; endValue?: number }[];
  tooltip: { formatter: (p: unknown) => string };
};

describe('history chart option', () => {
  it('has one y-axis per unit, alternating sides, unitless points on their own axis', () => {
    const lines = [line('a', 'kW'), line('b', 'V'), line('c', 'kW'), line('d', null), line('e', '%')];
    expect(unitAxes(lines)).toEqual(['kW', 'V', '', '%']);
    const o = historyOption(input(lines)) as unknown as Opt;
    expect(o.yAxis.map((a) => [a.name, a.position, a.offset])).toEqual([
      ['kW', 'left', 0],
      ['V', 'right', 0],
      ['-', 'left', 58],
      ['%', 'right', 58],
    ]);
    expect(o.series.filter((s) => s.type !== 'custom').map((s) => s.yAxisIndex)).toEqual([0, 1, 0, 2, 3]);
  });

  it('keeps a percentage axis at 0–100 % beside a power axis that goes negative', () => {
    const power = line('p', 'kW', {
      data: [
        [0, -500],
        [10, 800],
      ],
    });
    const soc = line('s', '%', {
      data: [
        [0, 12],
        [10, 88],
      ],
    });
    for (const lines of [
      [power, soc],
      [soc, power],
    ]) {
      const o = historyOption(input(lines)) as unknown as {
        yAxis: {
          name: string;
          min?: (v: { min: number }) => number;
          max?: (v: { max: number }) => number;
          alignTicks?: boolean;
        }[];
      };
      const pct = o.yAxis.find((a) => a.name === '%');
      const kw = o.yAxis.find((a) => a.name === 'kW');
      // The extent ECharts hands the callbacks is the data's: SOC 12–88 % stays on 0–100.
      expect([pct?.min?.({ min: 12 }), pct?.max?.({ max: 88 })]).toEqual([0, 100]);
      expect(pct?.alignTicks).toBe(false);
      expect(kw?.alignTicks).toBe(false);
      // A reading outside 0–100 widens the axis to the next whole tick rather than clipping it.
      expect([pct?.min?.({ min: -3 }), pct?.max?.({ max: 104 })]).toEqual([-20, 120]);
    }
  });

  it('draws lines without symbols, sampled, and a roll-up band as one polygon series the legend toggles with its line', () => {
    const banded = line('a', 'kW', {
      band: [
        [0, 0.5, 1.5],
        [10, 1, 3],
      ],
    });
    const o = historyOption(input([banded, line('b', 'kW')])) as unknown as Opt;
    expect(o.series).toHaveLength(3);
    const [main, band] = o.series;
    expect(main).toMatchObject({ id: 'a', showSymbol: true, sampling: 'lttb' });
    const dense = line('d', 'kW', { data: Array.from({ length: 1000 }, (_, i) => [i, i] as const) });
    expect((historyOption(input([dense])) as unknown as Opt).series[0]).toMatchObject({
      showSymbol: false,
      symbol: 'none',
    });
    // Series data are flat (time, value) pairs: ECharts copies a typed array at once on setOption.
    expect(main?.data).toEqual(new Float64Array([0, 1, 10, 2]));
    // The band: (time, min, max) triples, filtered by the zoom on time, its y extent spanning min and max.
    expect(band).toMatchObject({
      id: 'a#band',
      name: 'N a',
      type: 'custom',
      encode: { x: 0, y: [1, 2] },
      data: new Float64Array([0, 0.5, 1.5, 10, 1, 3]),
      clip: true,
    });
    expect(o.legend.data).toEqual(['N a', 'N b']);
    expect((historyOption(input([banded], { showBand: false })) as unknown as Opt).series).toHaveLength(1);
  });

  it('draws the visible band as one polygon, max forwards then min backwards, one bucket past each edge', () => {
    const band = [0, 1, 2, 3, 4].map((i) => [i * 10, i, i + 5] as const);
    const draw = bandPolygon(band, '#123456');
    const api = { coord: ([x, y]: [number, number]) => [x, y] };
    // Zoomed to buckets 1–2 (raw indices): drawn once, for the first visible one.
    expect(draw({ dataIndexInside: 1, dataIndex: 2, dataInsideLength: 2 }, api)).toBeNull();
    expect(draw({ dataIndexInside: 0, dataIndex: 1, dataInsideLength: 2 }, api)).toEqual({
      type: 'polygon',
      shape: {
        points: [
          [0, 5],
          [10, 6],
          [20, 7],
          [30, 8],
          [30, 3],
          [20, 2],
          [10, 1],
          [0, 0],
        ],
      },
      style: { fill: '#123456', opacity: 0.14 },
      silent: true,
    });
    // The whole range stays within the band's rows.
    const all = draw({ dataIndexInside: 0, dataIndex: 0, dataInsideLength: 5 }, api) as {
      shape: { points: number[][] };
    };
    expect(all.shape.points).toHaveLength(10);
  });

  it('keeps the zoom window and formats the tooltip with units, skipping the band series', () => {
    const banded = line('a', 'kW', { band: [[10, 1, 3]] });
    const o = historyOption(input([banded], { zoom: { from: 20, to: 40 } })) as unknown as Opt;
    expect(o.dataZoom.map((d) => [d.type, d.startValue, d.endValue])).toEqual([
      ['inside', 20, 40],
      ['slider', 20, 40],
    ]);
    const html = o.tooltip.formatter([
      { seriesId: 'a', value: [10, 2] },
      { seriesId: 'a#band', value: [10, 1, 3] },
    ]);
    expect(html).toContain('N a: <b>2kW</b>');
    expect(html).toContain('range 1 ~ 3');
    expect(html.match(/N a/g)).toHaveLength(1);
  });

  it("draws on the station's clock: times, range and zoom as axis values, the tooltip heading in station time", () => {
    // Shanghai (UTC+8) seen from a browser on UTC: 02:00 UTC is 10:00 on the station's clock.
    const clock = stationTime('Asia/Shanghai', 'UTC');
    const t = Date.UTC(2024, 4, 17, 2);
    const H = 3_600_000;
    const banded = line('a', 'kW', { data: [[t, 5]], band: [[t, 4, 6]] });
    const o = historyOption(
      input([banded], {
        range: { from: t - H, to: t + H },
        zoom: { from: t - 1_000, to: t + 1_000 },
        axis: clock.toAxis,
        time: clock.axisDateTime,
      }),
    ) as unknown as Opt & { useUTC: boolean; xAxis: { min: number; max: number } };
    const at = t + 8 * H;
    expect(o.useUTC).toBe(true);
    expect(o.xAxis).toMatchObject({ min: at - H, max: at + H });
    expect(o.series[0]?.data).toEqual(new Float64Array([at, 5]));
    expect(o.dataZoom[0]).toMatchObject({ startValue: at - 1_000, endValue: at + 1_000 });
    const html = o.tooltip.formatter([{ seriesId: 'a', value: [at, 5] }]);
    expect(html).toContain('2024-05-17 10:00:00');
    expect(html).toContain('range 4 ~ 6');
    // A zoom event's axis values come back as instants.
    expect(zoomFromEvent({ startValue: at - 60_000, endValue: at }, { from: t - H, to: t + H }, clock)).toEqual({
      from: t - 60_000,
      to: t,
    });
  });

  it('escapes names in the tooltip', () => {
    const o = historyOption(input([line('a', 'kW', { name: '<img src=x>' })])) as unknown as Opt;
    expect(o.tooltip.formatter([{ seriesId: 'a', value: [0, 1] }])).toContain('&lt;img src=x&gt;');
  });

  it('reads the zoom window from the datazoom event: values, or percentages of the range', () => {
    const range = { from: 1000, to: 2000 };
    // Inside zoom (a batch of percentages), slider (its own percentages), toolbox (values).
    expect(zoomFromEvent({ batch: [{ start: 10, end: 30 }] }, range)).toEqual({ from: 1100, to: 1300 });
    expect(zoomFromEvent({ start: 50, end: 100 }, range)).toEqual({ from: 1500, to: 2000 });
    expect(zoomFromEvent({ batch: [{ startValue: 1200, endValue: 1400 }] }, range)).toEqual({ from: 1200, to: 1400 });
    expect(zoomFromEvent({ start: 0, end: 100 }, range)).toBeNull();
    expect(zoomFromEvent({ type: 'datazoom' }, range)).toBeUndefined();
  });
});
