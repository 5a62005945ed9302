import type { EChartsCoreOption } from 'echarts/core';
import type { TimeRange } from '../hooks/history-range';

export type ChartLine = {
  /** Unique per series: `deviceId:code`. */
  key: string;
  /** Legend and tooltip name (unique within the chart). */
  name: string;
  unit: string | null;
  precision: number;
  color: string;
  data: readonly (readonly [number, number])[];
  band?: readonly (readonly [number, number, number])[];
};

export type HistoryOptionInput = {
  lines: readonly ChartLine[];
  range: TimeRange;
  /** Draw the min/max band of roll-ups. */
  showBand: boolean;
  /** The visible window to keep across redraws (null: everything). */
  zoom: TimeRange | null;
  /** Legend state to keep across redraws. */
  selected: Record<string, boolean>;
  value: (v: number, unit: string | null, precision: number) => string;
  axisLabel: (v: number) => string;
  /**
   * An instant as its time-axis value: the station's wall clock read in UTC (the chart is drawn
   * with `useUTC`, so axes show the station's clock whatever the browser's zone).
   */
  axis: (ms: number) => number;
  /** A time-axis value as the tooltip's heading. */
  time: (axis: number) => string;
  /** Axis name of unitless points (states, cell numbers). */
  noUnit: string;
  /** The band's legend text in the tooltip. */
  bandText: string;
  /** True while the user zooms: the tooltip stays empty (hidden) instead of being rebuilt each frame. */
  quiet?: () => boolean;
};

const AXIS_GAP = 58;
const SPARSE_POINTS = 60;
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const same = (ms: number) => ms;

/**
 * Rows as one flat array of (time, value) pairs, which ECharts reads as a typed-array source: each
 * setOption copies it in one go, where an array of pairs is deep-cloned (and merged) pair by pair
 * — 100,000 small arrays for 50 series of 2,000 points. `x` maps a row's time to the axis.
 */
export function pairs<R extends readonly number[]>(
  rows: readonly R[],
  y: (r: R) => number,
  x: (ms: number) => number = same,
): Float64Array {
  const out = new Float64Array(rows.length * 2);
  let i = 0;
  for (const r of rows) {
    const t = r[0];
    out[i++] = t === undefined ? Number.NaN : x(t);
    out[i++] = y(r);
  }
  return out;
}

/** Band rows as one flat array of (time, min, max) triples (see `pairs`). */
export function triples(
  rows: readonly (readonly [number, number, number])[],
  x: (ms: number) => number = same,
): Float64Array {
  const out = new Float64Array(rows.length * 3);
  let i = 0;
  for (const r of rows) {
    out[i++] = x(r[0]);
    out[i++] = r[1];
    out[i++] = r[2];
  }
  return out;
}

type BandItemParams = { dataIndexInside: number; dataIndex: number; dataInsideLength: number };
type BandApi = { coord: (value: [number, number]) => number[] };

/**
 * The custom series' renderItem for a min/max band: the whole visible band as one polygon
 * (max forwards, min backwards), drawn for the first visible bucket, nothing for the others.
 * (As stacked pairs of area lines, the bands of 50 indicators were 100 series to update on
 * every zoom step.) One bucket past each edge keeps the band running to the grid's border
 * (clipped there).
 */
export function bandPolygon(
  band: readonly (readonly [number, number, number])[],
  color: string,
  x: (ms: number) => number = same,
) {
  return (params: BandItemParams, api: BandApi) => {
    if (params.dataIndexInside !== 0 || band.length === 0) return null;
    const first = Math.max(0, params.dataIndex - 1);
    const last = Math.min(band.length - 1, params.dataIndex + params.dataInsideLength);
    const points: number[][] = [];
    for (let i = first; i <= last; i++) {
      const r = band[i];
      if (r) points.push(api.coord([x(r[0]), r[2]]));
    }
    for (let i = last; i >= first; i--) {
      const r = band[i];
      if (r) points.push(api.coord([x(r[0]), r[1]]));
    }
    return { type: 'polygon', shape: { points }, style: { fill: color, opacity: 0.14 }, silent: true };
  };
}

const PERCENT = '%';
const PERCENT_TICK = 20;
/** 0–100 %, widened only when a value lies outside (an efficiency over 100 %, a negative reading). */
const percentScale = {
  min: (v: { min: number }) => Math.min(0, Math.floor(v.min / PERCENT_TICK) * PERCENT_TICK),
  max: (v: { max: number }) => Math.max(100, Math.ceil(v.max / PERCENT_TICK) * PERCENT_TICK),
  interval: PERCENT_TICK,
  alignTicks: false,
};

/** One y-axis per unit, alternating left and right, in the order units first appear. */
export function unitAxes(lines: readonly { unit: string | null }[]): string[] {
  const units: string[] = [];
  for (const l of lines) if (!units.includes(l.unit ?? '')) units.push(l.unit ?? '');
  return units;
}

type TooltipParam = { seriesId?: string; seriesName?: string; value?: unknown; color?: string; axisValue?: unknown };

/**
 * The history chart's ECharts option: time axis over the whole range, one y-axis per unit,
 * inside and slider zoom, a scrolling legend, lines without per-point symbols and with LTTB
 * sampling (50 series of 1,000 buckets stay fluid), and each roll-up's min/max as a light band
 * (one polygon, see bandPolygon) that the legend toggles with its line.
 */
export function historyOption(input: HistoryOptionInput): EChartsCoreOption {
  const units = unitAxes(input.lines);
  const left = units.filter((_, i) => i % 2 === 0).length;
  const right = units.length - left;
  const meta = new Map(input.lines.map((l) => [l.key, l]));
  const { axis } = input;

  const yAxis = units.map((u, i) => ({
    type: 'value',
    name: u || input.noUnit,
    position: i % 2 === 0 ? 'left' : 'right',
    offset: Math.floor(i / 2) * AXIS_GAP,
    // A percentage (SOC, SOH) keeps its own 0–100 scale rather than a range stretched to line up
    // with another axis's ticks (SOC at −20 %); other axes line up with the first one.
    ...(u === PERCENT ? percentScale : { scale: true, alignTicks: i > 0 && units[0] !== PERCENT }),
    nameTextStyle: { padding: 0 },
    axisLine: { show: true },
    axisLabel: { formatter: input.axisLabel, hideOverlap: true },
    splitLine: { show: i === 0 },
  }));

  const series = input.lines.flatMap((l) => {
    const yAxisIndex = Math.max(0, units.indexOf(l.unit ?? ''));
    const line = {
      id: l.key,
      name: l.name,
      type: 'line',
      yAxisIndex,
      data: pairs(l.data, (r) => r[1], axis),
      // Symbols only for sparse series (a lone sample would be invisible); dense ones draw lines only.
      showSymbol: l.data.length <= SPARSE_POINTS,
      symbol: l.data.length <= SPARSE_POINTS ? 'circle' : 'none',
      symbolSize: 5,
      sampling: 'lttb',
      connectNulls: false,
      color: l.color,
      // Whole-pixel lines without hover states: cheaper to redraw on every zoom frame.
      lineStyle: { width: 1 },
      emphasis: { disabled: true },
      silent: true,
      animation: false,
    };
    if (!input.showBand || !l.band?.length) return [line];
    const band = {
      id: `${l.key}#band`,
      name: l.name,
      type: 'custom',
      yAxisIndex,
      // (time, min, max) triples: the zoom filters them by time, the y-axis spans min and max.
      dimensions: ['t', 'min', 'max'],
      encode: { x: 0, y: [1, 2] },
      data: triples(l.band, axis),
      renderItem: bandPolygon(l.band, l.color, axis),
      clip: true,
      silent: true,
      animation: false,
      color: l.color,
      z: 1,
    };
    return [line, band];
  });

  // The same bucket is asked for again and again as the pointer rests: format it once.
  const cache = new Map<string, string>();
  const tooltipFormatter = (raw: unknown): string => {
    if (input.quiet?.()) return '';
    const params = (Array.isArray(raw) ? raw : [raw]) as TooltipParam[];
    const first = params[0];
    const ts = Array.isArray(first?.value) ? Number(first.value[0]) : Number(first?.axisValue);
    const key = `${ts}:${params.length}`;
    const known = cache.get(key);
    if (known !== undefined) return known;
    const rows = params
      .filter((p) => p.seriesId && meta.has(p.seriesId))
      .map((p) => {
        const l = meta.get(p.seriesId ?? '');
        const v = Array.isArray(p.value) ? Number(p.value[1]) : Number.NaN;
        if (!l || !Number.isFinite(v)) return '';
        const b = input.showBand ? l.band?.find((x) => axis(x[0]) === ts) : undefined;
        const band = b
          ? ` <span style="opacity:.65">(${escapeHtml(input.bandText)} ${escapeHtml(input.value(b[1], null, l.precision))} ~ ${escapeHtml(input.value(b[2], null, l.precision))})</span>`
          : '';
        return `<div><span style="display:inline-block;width:8px;height:8px;border-radius:4px;margin-right:6px;background:${l.color}"></span>${escapeHtml(l.name)}: <b>${escapeHtml(input.value(v, l.unit, l.precision))}</b>${band}</div>`;
      })
      .join('');
    const html = `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(input.time(ts))}</div>${rows}`;
    if (cache.size > 500) cache.clear();
    cache.set(key, html);
    return html;
  };

  return {
    animation: false,
    useUTC: true,
    grid: { left: 12 + left * AXIS_GAP, right: 12 + Math.max(1, right) * AXIS_GAP, top: 72, bottom: 64 },
    legend: {
      type: 'scroll',
      top: 4,
      left: 8,
      // Clear of the toolbox in the top right corner.
      right: 130,
      data: input.lines.map((l) => l.name),
      selected: input.selected,
    },
    toolbox: { right: 8, top: 0, feature: { dataZoom: { yAxisIndex: 'none' }, restore: {} } },
    tooltip: {
      trigger: 'axis',
      className: 'history-chart-tooltip',
      confine: true,
      axisPointer: { type: 'line', animation: false },
      formatter: tooltipFormatter,
      extraCssText: 'max-height: 60vh; overflow: auto;',
    },
    xAxis: { type: 'time', min: axis(input.range.from), max: axis(input.range.to), axisLabel: { hideOverlap: true } },
    yAxis: yAxis.length ? yAxis : [{ type: 'value' }],
    dataZoom: [
      {
        type: 'inside',
        xAxisIndex: 0,
        filterMode: 'filter',
        throttle: 100,
        ...(input.zoom ? { startValue: axis(input.zoom.from), endValue: axis(input.zoom.to) } : {}),
      },
      {
        type: 'slider',
        xAxisIndex: 0,
        height: 22,
        bottom: 12,
        filterMode: 'filter',
        showDataShadow: false,
        ...(input.zoom ? { startValue: axis(input.zoom.from), endValue: axis(input.zoom.to) } : {}),
      },
    ],
    series,
  };
}

type ZoomPayload = { start?: unknown; end?: unknown; startValue?: unknown; endValue?: unknown };

/**
 * The visible window a `datazoom` event announces, read from the event itself (the inside zoom
 * and the toolbox send a `batch`, the slider its own fields; values or percentages of the axis,
 * whose extent is the whole range): null for the whole range, undefined when the event tells
 * nothing. Asking the chart for its option instead copies every series' data on each event.
 * `clock` maps instants to axis values and back (see `HistoryOptionInput.axis`).
 */
export function zoomFromEvent(
  event: unknown,
  range: TimeRange,
  clock: { toAxis: (ms: number) => number; fromAxis: (axis: number) => number } = { toAxis: same, fromAxis: same },
): TimeRange | null | undefined {
  const e = (event ?? {}) as ZoomPayload & { batch?: ZoomPayload[] };
  const z = e.batch?.[0] ?? e;
  const lo = clock.toAxis(range.from);
  const hi = clock.toAxis(range.to);
  let from = Number(z.startValue);
  let to = Number(z.endValue);
  if (!Number.isFinite(from) || !Number.isFinite(to)) {
    const start = Number(z.start);
    const end = Number(z.end);
    if (!Number.isFinite(start) || !Number.isFinite(end)) return undefined;
    const span = hi - lo;
    from = lo + (start / 100) * span;
    to = lo + (end / 100) * span;
  }
  return from <= lo && to >= hi ? null : { from: clock.fromAxis(from), to: clock.fromAxis(to) };
}
