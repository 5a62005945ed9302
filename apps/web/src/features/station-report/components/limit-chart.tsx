import type { Limits } from '@ess/contract';
import { useMemo } from 'react';
import { EChart } from '@/lib/charts/echart';
import { useStationTime } from '@/lib/station/station-time';
import { palette } from '@/lib/theme/palette';

export type LimitSeries = { name: string; color: string; data: [number, number][] };

type Props = {
  series: LimitSeries[];
  limits: Limits;
  unit: string;
  /** Labels of the limit lines, e.g. "Upper limit 246.1 V". */
  labels: { upper: string; lower: string; nominal: string };
  decimals: number;
  height: number;
  renderer?: 'canvas' | 'svg';
};

const LIMIT_COLOR = palette.limits.limit;
const NOMINAL_COLOR = palette.limits.nominal;

/** Values over time against their limit lines (dashed red) and nominal (grey), zoomable, on the station's clock. */
export function LimitChart({ series, limits, unit, labels, decimals, height, renderer }: Props) {
  const clock = useStationTime();
  const option = useMemo(() => {
    const values = series.flatMap((s) => s.data.map(([, v]) => v));
    const lo = Math.min(limits.lower, ...values);
    const hi = Math.max(limits.upper, ...values);
    const pad = (hi - lo) * 0.08 || 1;
    const line = (y: number, name: string, color: string) => ({
      yAxis: y,
      name,
      lineStyle: { color, type: 'dashed' as const, width: 1 },
      label: { formatter: name, position: 'insideEndTop' as const, color, fontSize: 11 },
    });
    return {
      animation: false,
      // Times as the station's wall clock, read in UTC.
      useUTC: true,
      color: series.map((s) => s.color),
      tooltip: {
        trigger: 'axis',
        className: 'limit-chart-tooltip',
        valueFormatter: (v: unknown) => (typeof v === 'number' ? `${v.toFixed(decimals)} ${unit}` : '-'),
        axisPointer: { label: { formatter: (p: { value: unknown }) => clock.axisDateTime(Number(p.value)) } },
      },
      legend: { top: 0, data: series.map((s) => s.name) },
      grid: { left: 56, right: 24, top: 32, bottom: 56 },
      xAxis: {
        type: 'time',
        axisLabel: { hideOverlap: true, formatter: (axis: number) => clock.axisDateTime(axis).slice(5, 16) },
      },
      yAxis: {
        type: 'value',
        name: unit,
        min: Number((lo - pad).toFixed(decimals)),
        max: Number((hi + pad).toFixed(decimals)),
        axisLabel: { formatter: (v: number) => v.toFixed(decimals) },
      },
      dataZoom: [
        { type: 'inside', filterMode: 'none' },
        { type: 'slider', height: 18, bottom: 8, filterMode: 'none' },
      ],
      series: series.map((s, i) => ({
        type: 'line',
        name: s.name,
        data: s.data.map(([ts, v]) => [clock.toAxis(ts), v]),
        showSymbol: false,
        lineStyle: { width: 1.5 },
        sampling: 'lttb',
        markLine:
          i === 0
            ? {
                symbol: 'none',
                silent: true,
                data: [
                  line(limits.upper, labels.upper, LIMIT_COLOR),
                  line(limits.lower, labels.lower, LIMIT_COLOR),
                  line(limits.nominal, labels.nominal, NOMINAL_COLOR),
                ],
              }
            : undefined,
      })),
    };
  }, [series, limits, unit, labels, decimals, clock]);
  return <EChart option={option} height={height} renderer={renderer} notMerge />;
}
