import type { CurveSeries } from '@ess/contract';
import type { EChartsCoreOption } from 'echarts/core';
import { palette } from '@/lib/theme/palette';
import type { TimeRange } from '../hooks/history-range';

export type SpreadInput = {
  max: CurveSeries | undefined;
  min: CurveSeries | undefined;
  /** Which cell holds the max / min: shown only for raw samples (an average of cell numbers means nothing). */
  maxNo: CurveSeries | undefined;
  minNo: CurveSeries | undefined;
  range: TimeRange;
  /** The window the chart opens on (the part of the range with data, see dataWindow); null: all of it. */
  open?: TimeRange | null;
  /** Δ = (max − min) × factor, e.g. 1000 for V → mV. */
  factor: number;
  unit: string;
  deltaUnit: string;
  precision: number;
  labels: { max: string; min: string; delta: string; cell: (no: number) => string };
  /** An instant as its time-axis value (the station's wall clock read in UTC; drawn with `useUTC`). */
  axis: (ms: number) => number;
  /** A time-axis value as the tooltip's heading. */
  time: (axis: number) => string;
  value: (v: number, unit: string, precision: number) => string;
};

const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;

/** Δ per timestamp where both the max and the min have a value. */
export function spreadOf(
  max: readonly (readonly [number, number])[],
  min: readonly (readonly [number, number])[],
  factor: number,
): [number, number][] {
  const lows = new Map(min.map(([t, v]) => [t, v]));
  return max.flatMap(([t, hi]) => {
    const lo = lows.get(t);
    return lo === undefined ? [] : [[t, round((hi - lo) * factor, 3)] as [number, number]];
  });
}

const exact = (s: CurveSeries | undefined) => Boolean(s && s.resolution === 'raw' && s.bucketMs === null);

/**
 * Cell spread over time (battery analysis), on the station's clock: the highest and lowest cell
 * (voltage or temperature) on the left axis, their difference Δ as a filled line on the right
 * axis; the tooltip names the cells when the data are raw samples.
 */
export function spreadOption(i: SpreadInput): EChartsCoreOption {
  const delta = spreadOf(i.max?.data ?? [], i.min?.data ?? [], i.factor);
  const window = i.open ? { startValue: i.axis(i.open.from), endValue: i.axis(i.open.to) } : {};
  const cells = exact(i.maxNo) && exact(i.minNo);
  const onAxis = (rows: readonly (readonly [number, number])[]) =>
    rows.map(([t, v]): [number, number] => [i.axis(t), v]);
  const maxNo = new Map(cells ? onAxis(i.maxNo?.data ?? []) : []);
  const minNo = new Map(cells ? onAxis(i.minNo?.data ?? []) : []);
  const line = (name: string, data: readonly (readonly [number, number])[], color: string, yAxisIndex = 0) => ({
    name,
    type: 'line',
    data: onAxis(data),
    yAxisIndex,
    color,
    showSymbol: false,
    symbol: 'none',
    sampling: 'lttb',
    animation: false,
    lineStyle: { width: 1.5 },
  });
  return {
    animation: false,
    useUTC: true,
    grid: { left: 64, right: 64, top: 40, bottom: 56 },
    legend: { top: 4 },
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (raw: unknown) => {
        const ps = (Array.isArray(raw) ? raw : [raw]) as { seriesIndex?: number; value?: unknown; color?: string }[];
        const ts = Number((ps[0]?.value as unknown[] | undefined)?.[0]);
        const lines = ps.map((p) => {
          const v = Number((p.value as unknown[] | undefined)?.[1]);
          const which = p.seriesIndex === 0 ? maxNo.get(ts) : p.seriesIndex === 1 ? minNo.get(ts) : undefined;
          const label = [i.labels.max, i.labels.min, i.labels.delta][p.seriesIndex ?? 0] ?? '';
          const unit = p.seriesIndex === 2 ? i.deltaUnit : i.unit;
          const cell = which === undefined ? '' : ` (${i.labels.cell(which)})`;
          return `<div><span style="color:${p.color}">●</span> ${label}: <b>${i.value(v, unit, p.seriesIndex === 2 ? 1 : i.precision)}</b>${cell}</div>`;
        });
        return `<div style="font-weight:600">${i.time(ts)}</div>${lines.join('')}`;
      },
    },
    xAxis: { type: 'time', min: i.axis(i.range.from), max: i.axis(i.range.to) },
    yAxis: [
      { type: 'value', name: i.unit, scale: true },
      { type: 'value', name: i.deltaUnit, scale: true, splitLine: { show: false }, alignTicks: true },
    ],
    dataZoom: [
      { type: 'inside', ...window },
      { type: 'slider', height: 18, bottom: 8, ...window },
    ],
    series: [
      line(i.labels.max, i.max?.data ?? [], palette.battery.max),
      line(i.labels.min, i.min?.data ?? [], palette.battery.min),
      { ...line(i.labels.delta, delta, palette.battery.delta, 1), areaStyle: { opacity: 0.18 } },
    ],
  };
}
