import type { EChartsCoreOption } from 'echarts/core';
import { palette } from '@/lib/theme/palette';
import { minuteAxis, minuteLabel, stepPoints } from './step-axis';

export type ForecastText = { forecast: string; actual: string; axis: string };

/** Forecast load per quarter-hour against the measured load, where the date has any. */
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
    tooltip: {
      trigger: 'axis',
      formatter: (params: unknown) => {
        const list = Array.isArray(params)
          ? (params as { seriesName: string; color: string; value: [number, number | null] }[])
          : [];
        const minute = list[0]?.value[0];
        if (minute === undefined) return '';
        const rows = list.map(
          (p) =>
            `<span style="color:${p.color}">●</span> ${p.seriesName}: ${p.value[1] === null ? '-' : formatKw(p.value[1])}`,
        );
        return [`<b>${minuteLabel(minute)}</b>`, ...rows].join('<br/>');
      },
    },
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
