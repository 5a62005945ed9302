import type { TouPeriod } from '@ess/contract';
import type { EChartsCoreOption } from 'echarts/core';
import { palette } from '@/lib/theme/palette';
import {
  boundaryPoints,
  minuteAxis,
  minuteLabel,
  minuteTooltip,
  periodMarkArea,
  STEP_MINUTES,
  stepPoints,
} from './step-axis';

/** What the daily plan chart draws: per-step series of one day, signs of domain.md. */
export type PlanChartData = {
  periods: readonly TouPeriod[];
  /** Storage power per step (kW): > 0 discharge, < 0 charge. */
  powerKw: readonly number[];
  /** Grid power per step (kW): > 0 import. */
  gridKw: readonly number[];
  loadKw: readonly number[];
  pvKw: readonly number[];
  /** SOC (%) at the 97 step boundaries. */
  soc: readonly number[];
  demandLimitKw: number | null;
};

export type PlanChartText = {
  period: Record<TouPeriod, string>;
  storage: string;
  load: string;
  pv: string;
  grid: string;
  demandLimit: string;
  soc: string;
  powerAxis: string;
  socAxis: string;
};

/** Series ids, for tests and legend state. */
export const PLAN_SERIES = {
  storage: 'storage',
  load: 'load',
  pv: 'pv',
  grid: 'grid',
  soc: 'soc',
} as const;

/**
 * The daily plan: storage power (discharge above the axis), forecast load, PV and the grid import
 * that results, with the demand limit as a line on the grid series and the TOU periods as bands
 * behind; the SOC path on a second axis.
 */
export function planChartOption(
  data: PlanChartData,
  text: PlanChartText,
  formatKw: (v: number) => string,
): EChartsCoreOption {
  const limitLine =
    data.demandLimitKw === null
      ? undefined
      : {
          silent: true,
          symbol: 'none',
          label: { formatter: `${text.demandLimit} ${formatKw(data.demandLimitKw)}`, position: 'insideEndTop' },
          lineStyle: { color: palette.limits.limit, type: 'dashed' },
          data: [{ yAxis: data.demandLimitKw, name: text.demandLimit }],
        };
  const line = (id: string, name: string, values: readonly number[], color: string) => ({
    id,
    name,
    type: 'line',
    step: 'end',
    showSymbol: false,
    color,
    lineStyle: { width: 1.5 },
    data: stepPoints(values),
  });
  return {
    animation: false,
    grid: { left: 8, right: 8, top: 48, bottom: 8, containLabel: true },
    legend: { top: 0 },
    tooltip: {
      ...minuteTooltip(
        (v, series) => (series === text.soc ? `${v.toFixed(1)} %` : formatKw(v)),
        (minute) => {
          // The step under the pointer, with its TOU period.
          const step = Math.min(Math.floor(minute / STEP_MINUTES), data.powerKw.length - 1);
          const period = data.periods[step];
          return `<b>${minuteLabel(step * STEP_MINUTES)}–${minuteLabel((step + 1) * STEP_MINUTES)}</b>${period ? ` · ${text.period[period]}` : ''}`;
        },
      ),
      axisPointer: { type: 'line' },
    },
    xAxis: minuteAxis(),
    yAxis: [
      {
        type: 'value',
        name: text.powerAxis,
        nameTextStyle: { align: 'left' },
        // The demand limit stays in view even when the plan keeps well below it.
        ...(data.demandLimitKw === null
          ? {}
          : { max: (v: { max: number }) => Math.ceil(Math.max(v.max, (data.demandLimitKw ?? 0) * 1.05)) }),
        splitLine: { lineStyle: { type: 'dashed', opacity: 0.6 } },
      },
      { type: 'value', name: text.socAxis, min: 0, max: 100, splitLine: { show: false } },
    ],
    series: [
      {
        ...line(PLAN_SERIES.storage, text.storage, data.powerKw, palette.powerCurve.storagePower),
        areaStyle: { opacity: 0.25 },
        markArea: periodMarkArea(data.periods, text.period),
      },
      line(PLAN_SERIES.load, text.load, data.loadKw, palette.powerCurve.loadPower),
      line(PLAN_SERIES.pv, text.pv, data.pvKw, palette.powerCurve.pvPower),
      {
        ...line(PLAN_SERIES.grid, text.grid, data.gridKw, palette.powerCurve.gridPower),
        ...(limitLine ? { markLine: limitLine } : {}),
      },
      {
        id: PLAN_SERIES.soc,
        name: text.soc,
        type: 'line',
        yAxisIndex: 1,
        showSymbol: false,
        smooth: false,
        color: palette.soc.ok,
        lineStyle: { width: 1.5, type: 'dotted' },
        data: boundaryPoints(data.soc),
      },
    ],
  };
}
