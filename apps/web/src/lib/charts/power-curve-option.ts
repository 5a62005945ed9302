import { type CurveSeries, localDateTime, type StationSummary, wallClock } from '@ess/contract';
import type { EChartsCoreOption } from 'echarts/core';
import { palette } from '@/lib/theme/palette';

export const CURVE_CODES = ['storagePower', 'pvPower', 'loadPower', 'gridPower'] as const;
export type CurveCode = (typeof CURVE_CODES)[number];

/** Same colours as the energy-flow diagram's nodes. */
export const CURVE_COLORS: Record<CurveCode, string> = palette.powerCurve;

type Point = [number, number];

/**
 * The day's 15-minute averages with the newest live value appended, when it is newer than the
 * last average and falls inside the day (the curve then reaches "now" between quarter hours).
 */
export function withLivePoint(
  data: readonly Point[],
  live: { ts: number | null; value: number | null } | null,
  day: { from: number; to: number },
): Point[] {
  const out = [...data];
  if (!live || live.ts === null || live.value === null) return out;
  const last = out[out.length - 1];
  if (live.ts < day.from || live.ts >= day.to || (last && live.ts <= last[0])) return out;
  out.push([live.ts, live.value]);
  return out;
}

export type CurveLabels = Record<CurveCode, string> & { power: string };

type TooltipParam = { marker?: string; seriesName?: string; value?: unknown };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The ECharts option of today's power curve: storage, PV, load and grid in kW, signs of
 * domain.md, on the station's clock (times shifted to its wall clock, drawn in UTC); the
 * tooltip heads with the station's clock time.
 */
export function powerCurveOption(
  curve: { from: number; to: number; timezone: string; series: readonly CurveSeries[] },
  live: StationSummary | null,
  labels: CurveLabels,
  formatKw: (v: number) => string,
  shortKw: (v: number) => string,
): EChartsCoreOption {
  const series = CURVE_CODES.map((code) => {
    const s = curve.series.find((x) => x.code === code);
    const data = withLivePoint(s?.data ?? [], live ? { ts: live.ts, value: live[code] } : null, curve).map(
      ([ts, v]): Point => [wallClock(ts, curve.timezone), v],
    );
    return {
      id: code,
      name: labels[code],
      type: 'line',
      data,
      showSymbol: false,
      symbolSize: 5,
      connectNulls: false,
      lineStyle: { width: code === 'storagePower' ? 2.5 : 1.8 },
      color: CURVE_COLORS[code],
      ...(code === 'storagePower' ? { areaStyle: { opacity: 0.12 } } : {}),
      ...(code === 'storagePower'
        ? { markLine: { silent: true, symbol: 'none', label: { show: false }, data: [{ yAxis: 0 }] } }
        : {}),
    };
  });
  return {
    animation: false,
    useUTC: true,
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    legend: { top: 0, icon: 'roundRect', itemWidth: 14, itemHeight: 6 },
    tooltip: {
      trigger: 'axis',
      className: 'power-curve-tooltip',
      formatter: (raw: unknown) => {
        const params = (Array.isArray(raw) ? raw : [raw]) as TooltipParam[];
        const first = params[0]?.value;
        // Axis values are the station's wall clock read in UTC.
        const at = Array.isArray(first) ? Number(first[0]) : Number.NaN;
        const head = Number.isFinite(at) ? localDateTime(at, 'UTC').slice(11, 16) : '';
        const rows = params.map((p) => {
          const v = Array.isArray(p.value) ? p.value[1] : p.value;
          return `${p.marker ?? ''}${escapeHtml(p.seriesName ?? '')}: <b>${escapeHtml(typeof v === 'number' ? formatKw(v) : '-')}</b>`;
        });
        return [head, ...rows].join('<br/>');
      },
    },
    xAxis: {
      type: 'time',
      min: wallClock(curve.from, curve.timezone),
      max: wallClock(curve.to, curve.timezone),
      splitNumber: 8,
      axisLabel: { formatter: '{HH}:{mm}', hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      name: `${labels.power} (kW)`,
      nameTextStyle: { align: 'left' },
      axisLabel: { formatter: (v: number) => shortKw(v) },
      splitLine: { lineStyle: { type: 'dashed', opacity: 0.6 } },
    },
    series,
  };
}

/** True when the day has any average or live value to draw. */
export const curveHasData = (series: readonly CurveSeries[], live: StationSummary | null): boolean =>
  series.some((s) => s.data.length > 0) || (live !== null && CURVE_CODES.some((c) => live[c] !== null));
