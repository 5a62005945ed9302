import type { EChartsCoreOption } from 'echarts/core';
import { palette } from '@/lib/theme/palette';

export type RevenuePoint = { label: string; revenue: number | null };

const POSITIVE = palette.revenue.positive;
const NEGATIVE = palette.revenue.negative;

/** Running total of the revenue; a gap (no revenue) keeps the total where it was. */
export function cumulative(points: readonly RevenuePoint[]): (number | null)[] {
  let sum = 0;
  let any = false;
  return points.map((p) => {
    if (p.revenue !== null) {
      sum = Math.round((sum + p.revenue) * 1e6) / 1e6;
      any = true;
    }
    return any ? sum : null;
  });
}

/** Revenue per day or month as bars (green earned, red lost) with the running total as a line. */
export function revenueChartOption(
  points: readonly RevenuePoint[],
  text: { revenue: string; cumulative: string },
  formatMoney: (v: number) => string,
  shortMoney: (v: number) => string,
): EChartsCoreOption {
  return {
    animation: false,
    grid: { left: 8, right: 8, top: 40, bottom: points.length > 31 ? 44 : 8, containLabel: true },
    legend: { top: 0, data: [text.revenue, text.cumulative] },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v: unknown) => (typeof v === 'number' ? formatMoney(v) : '-'),
    },
    xAxis: { type: 'category', data: points.map((p) => p.label), axisLabel: { hideOverlap: true } },
    yAxis: [
      {
        type: 'value',
        axisLabel: { formatter: (v: number) => shortMoney(v) },
        splitLine: { lineStyle: { type: 'dashed', opacity: 0.6 } },
      },
      { type: 'value', axisLabel: { formatter: (v: number) => shortMoney(v) }, splitLine: { show: false } },
    ],
    dataZoom: points.length > 31 ? [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }] : [],
    series: [
      {
        id: 'revenue',
        name: text.revenue,
        type: 'bar',
        barMaxWidth: 28,
        color: POSITIVE,
        data: points.map((p) =>
          p.revenue === null ? null : { value: p.revenue, itemStyle: { color: p.revenue < 0 ? NEGATIVE : POSITIVE } },
        ),
      },
      {
        id: 'cumulative',
        name: text.cumulative,
        type: 'line',
        yAxisIndex: 1,
        showSymbol: points.length <= 31,
        color: palette.revenue.cumulative,
        data: cumulative(points),
      },
    ],
  };
}
