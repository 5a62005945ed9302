import type { CarbonResult } from '@ess/contract';
import type { EChartsCoreOption } from 'echarts/core';
import { palette } from '@/lib/theme/palette';

export type TrendText = { avoided: string; storage: string; aux: string; net: string; toDate: string };

/**
 * The trend per day or month: PV's avoided CO2 and the storage effect as bars (the storage bar
 * below zero when its losses add emissions), auxiliary emissions below zero, net as a line. kg.
 */
export function trendChartOption(
  trend: CarbonResult['trend'],
  text: TrendText,
  weight: (kg: number) => string,
): EChartsCoreOption {
  const labels = trend.map((p) => (p.partial ? `${p.period} (${text.toDate})` : p.period));
  const bar = (name: string, values: (number | null)[], color: string) => ({
    name,
    type: 'bar',
    stack: 'co2',
    data: values,
    itemStyle: { color },
  });
  return {
    animation: false,
    grid: { left: 8, right: 8, top: 40, bottom: trend.length > 31 ? 44 : 8, containLabel: true },
    legend: { top: 0 },
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => (typeof v === 'number' ? weight(v) : '-') },
    xAxis: { type: 'category', data: labels, axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => weight(v) } },
    dataZoom: trend.length > 31 ? [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }] : [],
    series: [
      bar(
        text.avoided,
        trend.map((p) => p.avoidedKg),
        palette.reportTile.charge,
      ),
      bar(
        text.storage,
        trend.map((p) => p.storageKg),
        palette.reportTile.discharge,
      ),
      bar(
        text.aux,
        trend.map((p) => (p.auxKg === null ? null : -p.auxKg)),
        palette.reportTile.efficiency,
      ),
      {
        name: text.net,
        type: 'line',
        data: trend.map((p) => p.netKg),
        itemStyle: { color: palette.reportTile.revenue },
        showSymbol: trend.length <= 31,
      },
    ],
  };
}
