import type { EChartsCoreOption } from 'echarts/core';
import { palette } from '@/lib/theme/palette';
import { minuteAxis, minuteTooltip, stepPoints } from './step-axis';

export type ForecastText = { forecast: string; actual: string; axis: string };

/**
 * Forecast load per quarter-hour against the measured load: `actual` is null for a date with no
 * data yet (tomorrow), and holds nulls for the quarter-hours not measured so far today.
 */
export function forecastChartOption(
  forecast: readonly (number | null)[],
  actual: readonly (number | null)[] | null,
  text: ForecastText,
  formatKw: (v: number) => string,
): EChartsCoreOption {
  const serie = (id: 'forecast' | 'actual', values: readonly (number | null)[], color: string) => ({
    id,
    name: text[id],
    type: 'line',
    step: 'end',
    showSymbol: false,
    connectNulls: false,
    color,
    lineStyle: { width: id === 'forecast' ? 2 : 1.5, type: id === 'forecast' ? 'dashed' : 'solid' },
    data: stepPoints(values),
  });
  return {
    animation: false,
    grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
    legend: { top: 0 },
    tooltip: minuteTooltip(formatKw),
    xAxis: minuteAxis(),
    yAxis: {
      type: 'value',
      name: text.axis,
      nameTextStyle: { align: 'left' },
      splitLine: { lineStyle: { type: 'dashed', opacity: 0.6 } },
    },
    series: [
      serie('forecast', forecast, palette.powerCurve.loadPower),
      ...(actual ? [serie('actual', actual, palette.series[0])] : []),
    ],
  };
}
