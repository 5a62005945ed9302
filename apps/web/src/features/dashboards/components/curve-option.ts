import { type CurveSeries, localDateTime, wallClock } from '@ess/contract';
import type { EChartsCoreOption } from 'echarts/core';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

type TooltipParam = { marker?: string; seriesName?: string; value?: unknown };

/**
 * A curve widget's chart: each point's samples of the station's today on its clock (times
 * shifted to its wall clock and drawn in UTC), one axis per unit (at most two shown), names with
 * the device so two PCS's "active power" are told apart.
 */
export function curveOption(
  curve: { from: number; to: number; timezone: string; series: readonly CurveSeries[] },
  deviceName: (deviceId: number) => string,
  value: (v: number, unit: string | null) => string,
): EChartsCoreOption {
  const units = [...new Set(curve.series.map((s) => s.unit ?? ''))];
  const axisOf = (unit: string | null) => Math.min(1, units.indexOf(unit ?? ''));
  const nameOf = (s: CurveSeries) => `${deviceName(s.deviceId)} · ${s.name}`;
  return {
    animation: false,
    useUTC: true,
    grid: { left: 8, right: 8, top: 30, bottom: 4, containLabel: true },
    legend: { top: 0, type: 'scroll', icon: 'roundRect', itemWidth: 12, itemHeight: 6 },
    tooltip: {
      trigger: 'axis',
      formatter: (raw: unknown) => {
        const params = (Array.isArray(raw) ? raw : [raw]) as TooltipParam[];
        const first = params[0]?.value;
        const at = Array.isArray(first) ? Number(first[0]) : Number.NaN;
        const head = Number.isFinite(at) ? localDateTime(at, 'UTC').slice(11, 19) : '';
        const rows = params.map((p) => {
          const v = Array.isArray(p.value) ? p.value[1] : p.value;
          const unit = curve.series.find((s) => nameOf(s) === p.seriesName)?.unit ?? null;
          return `${p.marker ?? ''}${escapeHtml(p.seriesName ?? '')}: <b>${escapeHtml(typeof v === 'number' ? value(v, unit) : '-')}</b>`;
        });
        return [head, ...rows].join('<br/>');
      },
    },
    xAxis: {
      type: 'time',
      min: wallClock(curve.from, curve.timezone),
      max: wallClock(curve.to, curve.timezone),
      axisLabel: { formatter: '{HH}:{mm}', hideOverlap: true },
    },
    yAxis: units.slice(0, 2).map((u) => ({
      type: 'value',
      name: u,
      scale: true,
      splitLine: { lineStyle: { type: 'dashed', opacity: 0.6 } },
    })),
    series: curve.series.map((s) => ({
      name: nameOf(s),
      type: 'line',
      showSymbol: false,
      yAxisIndex: axisOf(s.unit),
      data: s.data.map(([ts, v]) => [wallClock(ts, curve.timezone), v]),
    })),
  };
}
