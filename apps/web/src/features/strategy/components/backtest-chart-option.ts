import type { LoadBacktest } from '@ess/contract';
import type { EChartsCoreOption } from 'echarts/core';
import { palette } from '@/lib/theme/palette';

/** MAPE (%) of each backtest day as bars, the overall MAPE as a line across them. */
export function backtestChartOption(
  backtest: LoadBacktest,
  text: { dayMape: string; overall: string },
): EChartsCoreOption {
  return {
    animation: false,
    grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => (typeof v === 'number' ? `${v.toFixed(1)} %` : '-') },
    xAxis: { type: 'category', data: backtest.days.map((d) => d.date.slice(5)), axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', name: text.dayMape, nameTextStyle: { align: 'left' } },
    series: [
      {
        id: 'mape',
        name: text.dayMape,
        type: 'bar',
        barMaxWidth: 18,
        color: palette.series[0],
        data: backtest.days.map((d) => d.mape),
        ...(backtest.mape === null
          ? {}
          : {
              markLine: {
                silent: true,
                symbol: 'none',
                lineStyle: { color: palette.attention, type: 'dashed' },
                label: { formatter: `${text.overall} ${backtest.mape.toFixed(1)} %`, position: 'insideEndTop' },
                data: [{ yAxis: backtest.mape }],
              },
            }),
      },
    ],
  };
}
