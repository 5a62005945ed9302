import type { TouPeriod } from '@ess/contract';
import type { EChartsCoreOption } from 'echarts/core';
import { palette } from '@/lib/theme/palette';
import { boundaryPoints, minuteAxis, minuteTooltip, periodMarkArea, stepPoints } from './step-axis';

export type CompareText = {
  period: Record<TouPeriod, string>;
  optimal: string;
  rule: string;
  axis: string;
};

/** Colours of the two schedules on both budget charts. */
export const SCHEDULE_COLORS = { optimal: palette.series[0], rule: palette.series[2] } as const;

/**
 * The optimal schedule against the rule-based one on a day: `power` draws per-step storage power
 * (discharge above the axis) over the TOU bands, `soc` the SOC paths at step boundaries.
 */
export function compareChartOption(
  kind: 'power' | 'soc',
  optimal: readonly number[],
  rule: readonly number[],
  periods: readonly TouPeriod[],
  text: CompareText,
  formatValue: (v: number) => string,
): EChartsCoreOption {
  const points = kind === 'power' ? stepPoints : boundaryPoints;
  const serie = (id: 'optimal' | 'rule', values: readonly number[]) => ({
    id,
    name: text[id],
    type: 'line',
    showSymbol: false,
    color: SCHEDULE_COLORS[id],
    lineStyle: { width: id === 'optimal' ? 2 : 1.5, type: id === 'optimal' ? 'solid' : 'dashed' },
    ...(kind === 'power' ? { step: 'end' } : {}),
    data: points(values as number[]),
  });
  return {
    animation: false,
    grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
    legend: { top: 0 },
    tooltip: minuteTooltip(formatValue),
    xAxis: minuteAxis(),
    yAxis: {
      type: 'value',
      name: text.axis,
      nameTextStyle: { align: 'left' },
      ...(kind === 'soc' ? { min: 0, max: 100 } : {}),
      splitLine: { lineStyle: { type: 'dashed', opacity: 0.6 } },
    },
    series: [
      { ...serie('optimal', optimal), ...(kind === 'power' ? { markArea: periodMarkArea(periods, text.period) } : {}) },
      serie('rule', rule),
    ],
  };
}
