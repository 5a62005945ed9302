import type { ReviewDay } from '@ess/contract';
import type { EChartsCoreOption } from 'echarts/core';
import { palette } from '@/lib/theme/palette';

export type PowerTrendText = { maxCharge: string; maxDischarge: string; rated: string };

/** Demonstrated charge and discharge power per day (kW) against the rated power. */
export function powerTrendOption(
  days: ReviewDay[],
  ratedKw: number,
  text: PowerTrendText,
  power: (kw: number) => string,
): EChartsCoreOption {
  const line = (name: string, data: (number | null)[], color: string) => ({
    name,
    type: 'line',
    data,
    itemStyle: { color },
    showSymbol: days.length <= 31,
  });
  return {
    animation: false,
    grid: { left: 8, right: 8, top: 40, bottom: 8, containLabel: true },
    legend: { top: 0 },
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => (typeof v === 'number' ? power(v) : '-') },
    xAxis: { type: 'category', data: days.map((d) => d.date), axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => power(v) } },
    series: [
      line(
        text.maxCharge,
        days.map((d) => d.maxChargeKw),
        palette.reportTile.charge,
      ),
      line(
        text.maxDischarge,
        days.map((d) => d.maxDischargeKw),
        palette.reportTile.discharge,
      ),
      {
        ...line(
          text.rated,
          days.map(() => ratedKw),
          palette.reportTile.efficiency,
        ),
        showSymbol: false,
        lineStyle: { type: 'dashed' },
      },
    ],
  };
}
