import type { CurveSeries } from '@ess/contract';
import type { EChartsCoreOption } from 'echarts/core';
import { palette } from '@/lib/theme/palette';

export const CURVE_PALETTE: string[] = [...palette.series];

type CurveOptionInput = {
  series: readonly CurveSeries[];
  from: number;
  to: number;
  /** Codes of status/control points: drawn as steps on their own axis. */
  stateCodes: ReadonlySet<string>;
  /** A value as shown in the tooltip (unit, precision, state label). */
  formatValue: (code: string, value: number) => string;
  /**
   * An instant as its time-axis value: the station's wall clock read in UTC (the chart is drawn
   * with `useUTC`, so it shows the station's clock whatever the browser's zone).
   */
  axis: (ms: number) => number;
  /** A time-axis value as the tooltip's heading. */
  formatTime: (axis: number) => string;
  texts: { band: string; state: string };
};

type TooltipParam = { seriesId?: string; value?: unknown; marker?: string; seriesName?: string; axisValue?: unknown };

const STATE_AXIS = '\u0000state';
const AXIS_OFFSET = 56;

/** The y-axis key of a series: its unit, or one shared axis for state values. */
const axisKey = (s: CurveSeries, stateCodes: ReadonlySet<string>): string =>
  stateCodes.has(s.code) ? STATE_AXIS : (s.unit ?? '');

/**
 * The ECharts option of a device's history: one line per point, one y-axis per unit (left and
 * right in turn), state points as steps, and the min/max band of averaged roll-ups as a shaded
 * area stacked on the minimum, on the station's clock. The tooltip lists each point once, with
 * its band.
 */
export function buildCurveOption(input: CurveOptionInput): EChartsCoreOption {
  const { series, stateCodes, texts, axis } = input;
  const axes = [...new Set(series.map((s) => axisKey(s, stateCodes)))];
  const left = axes.filter((_, i) => i % 2 === 0).length;
  const right = axes.length - left;

  const yAxis = axes.map((key, i) => ({
    type: 'value',
    name: key === STATE_AXIS ? texts.state : key,
    position: i % 2 === 0 ? 'left' : 'right',
    offset: Math.floor(i / 2) * AXIS_OFFSET,
    scale: key !== STATE_AXIS,
    minInterval: key === STATE_AXIS ? 1 : undefined,
    splitLine: { show: i === 0 },
    axisLine: { show: axes.length > 1 },
    nameTextStyle: { align: i % 2 === 0 ? 'right' : 'left' },
  }));

  const lines = series.flatMap((s, i) => {
    const color = CURVE_PALETTE[i % CURVE_PALETTE.length];
    const yAxisIndex = axes.indexOf(axisKey(s, stateCodes));
    const main = {
      id: `s:${s.code}`,
      name: s.name,
      type: 'line',
      yAxisIndex,
      color,
      data: s.data.map(([t, v]) => [axis(t), v]),
      showSymbol: s.data.length < 2,
      symbolSize: 4,
      lineStyle: { width: 1.6 },
      step: stateCodes.has(s.code) ? 'end' : undefined,
      z: 3,
    };
    if (!s.band?.length) return [main];
    // Stack max − min on top of min; 'all' so a band below zero still stacks (signed power).
    const band = (part: 0 | 1) => ({
      id: `b${part}:${s.code}`,
      name: s.name,
      type: 'line',
      yAxisIndex,
      color,
      stack: `band:${s.code}`,
      stackStrategy: 'all',
      data: s.band?.map(([t, min, max]) => [axis(t), part === 0 ? min : max - min]) ?? [],
      showSymbol: false,
      silent: true,
      lineStyle: { opacity: 0 },
      areaStyle: part === 1 ? { color, opacity: 0.14 } : undefined,
      z: 1,
    });
    return [band(0), band(1), main];
  });

  const tooltipFormatter = (raw: unknown): string => {
    const params = (Array.isArray(raw) ? raw : [raw]) as TooltipParam[];
    const first = params[0];
    const ts = Array.isArray(first?.value) ? Number(first.value[0]) : Number(first?.axisValue);
    const rows: string[] = [];
    for (const p of params) {
      const id = p.seriesId ?? '';
      if (!id.startsWith('s:') || !Array.isArray(p.value)) continue;
      const code = id.slice(2);
      let row = `${p.marker ?? ''}${escapeHtml(p.seriesName ?? code)}: <b>${escapeHtml(input.formatValue(code, Number(p.value[1])))}</b>`;
      const min = params.find((q) => q.seriesId === `b0:${code}`);
      const span = params.find((q) => q.seriesId === `b1:${code}`);
      if (Array.isArray(min?.value) && Array.isArray(span?.value)) {
        const lo = Number(min.value[1]);
        const hi = lo + Number(span.value[1]);
        row += ` <span style="opacity:.65">(${escapeHtml(texts.band)} ${escapeHtml(input.formatValue(code, lo))} ~ ${escapeHtml(input.formatValue(code, hi))})</span>`;
      }
      rows.push(row);
    }
    return [escapeHtml(input.formatTime(ts)), ...rows].join('<br/>');
  };

  return {
    animation: false,
    useUTC: true,
    color: CURVE_PALETTE,
    grid: { left: 16 + left * AXIS_OFFSET, right: 16 + right * AXIS_OFFSET, top: 44, bottom: 56 },
    legend: { type: 'scroll', top: 0, data: series.map((s) => s.name) },
    tooltip: { trigger: 'axis', confine: true, formatter: tooltipFormatter },
    xAxis: { type: 'time', min: axis(input.from), max: axis(input.to) },
    yAxis,
    dataZoom: [
      { type: 'inside', filterMode: 'none' },
      { type: 'slider', filterMode: 'none', height: 18, bottom: 10 },
    ],
    series: lines,
  };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
