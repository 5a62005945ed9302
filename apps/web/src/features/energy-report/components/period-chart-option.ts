import type { TouPeriod } from '@ess/contract';
import type { EChartsCoreOption } from 'echarts/core';
import type { EnergyRow } from '../hooks/period-rows';
import { PERIOD_COLORS } from './period-colors';

export type PeriodChartText = {
  period: Record<TouPeriod, string>;
  charge: string;
  discharge: string;
  axis: string;
};

/**
 * Stacked bars per day: discharged energy above the axis and charged energy below it (the
 * platform's storage sign: + discharge, − charge), one stack segment per TOU period. A period's
 * charge and discharge share a legend entry, so the legend toggles the period.
 */
export function periodChartOption(
  rows: readonly EnergyRow[],
  periods: readonly TouPeriod[],
  text: PeriodChartText,
  formatKwh: (v: number) => string,
  shortKwh: (v: number) => string,
): EChartsCoreOption {
  const dates = rows.map((r) => r.key);
  const series = periods.flatMap((p) => [
    {
      id: `${p}-discharge`,
      name: text.period[p],
      type: 'bar',
      stack: 'discharge',
      color: PERIOD_COLORS[p],
      barMaxWidth: 28,
      emphasis: { focus: 'series' },
      data: rows.map((r) => (r.hasData ? r.periods[p].discharge : null)),
    },
    {
      id: `${p}-charge`,
      name: text.period[p],
      type: 'bar',
      stack: 'charge',
      color: PERIOD_COLORS[p],
      barMaxWidth: 28,
      itemStyle: { opacity: 0.55 },
      emphasis: { focus: 'series' },
      data: rows.map((r) => (r.hasData ? -r.periods[p].charge : null)),
    },
  ]);
  return {
    animation: false,
    grid: { left: 8, right: 16, top: 40, bottom: rows.length > 31 ? 44 : 8, containLabel: true },
    legend: { top: 0, data: periods.map((p) => text.period[p]) },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params: unknown) => {
        const list = Array.isArray(params) ? (params as { dataIndex: number }[]) : [];
        const row = rows[list[0]?.dataIndex ?? -1];
        if (!row) return '';
        const lines = periods
          .filter((p) => row.periods[p].charge !== 0 || row.periods[p].discharge !== 0)
          .map(
            (p) =>
              `<span style="color:${PERIOD_COLORS[p]}">●</span> ${text.period[p]}: ${text.charge} ${formatKwh(row.periods[p].charge)} · ${text.discharge} ${formatKwh(row.periods[p].discharge)}`,
          );
        return [
          `<b>${row.key}</b>`,
          ...lines,
          `${text.charge} ${formatKwh(row.charge)} · ${text.discharge} ${formatKwh(row.discharge)}`,
        ].join('<br/>');
      },
    },
    xAxis: { type: 'category', data: dates, axisLabel: { hideOverlap: true } },
    yAxis: {
      type: 'value',
      name: `${text.axis} (kWh)`,
      nameTextStyle: { align: 'left' },
      axisLabel: { formatter: (v: number) => shortKwh(v) },
      splitLine: { lineStyle: { type: 'dashed', opacity: 0.6 } },
    },
    dataZoom: rows.length > 31 ? [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }] : [],
    series,
  };
}
