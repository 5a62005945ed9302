import type { PlanCurveSegment } from '@ess/contract';
import type { EChartsCoreOption } from 'echarts/core';
import { palette } from '@/lib/theme/palette';
import { planSteps, toClock } from '../model/segments';

/** Planned power (a step line) and actual storage power: both kW, > 0 discharge, < 0 charge (domain.md). */
export const PLAN_COLORS = { planned: palette.series[2], actual: palette.powerCurve.storagePower } as const;

const DAY = 24 * 60;

/** The x axis of a day in minutes, labelled with the local clock every 2 hours. */
const dayAxis = {
  type: 'value',
  min: 0,
  max: DAY,
  interval: 120,
  axisLabel: { formatter: (m: number) => toClock(m) },
} as const;

const powerAxis = (name: string) => ({
  type: 'value',
  name,
  nameTextStyle: { align: 'left' },
  splitLine: { lineStyle: { type: 'dashed', opacity: 0.6 } },
});

/** The preview of a template: its planned power over 24 h, discharge above zero. */
export function planPreviewOption(
  segments: readonly PlanCurveSegment[],
  text: { planned: string; axis: string },
): EChartsCoreOption {
  return {
    animation: false,
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      // The x axis counts minutes; the tooltip names the clock time.
      formatter: (params: unknown) => {
        const p = (Array.isArray(params) ? params[0] : params) as { value?: [number, number]; seriesName?: string };
        return p?.value ? `${toClock(p.value[0])}<br/>${p.seriesName ?? ''}: ${p.value[1]} kW` : '';
      },
    },
    xAxis: dayAxis,
    yAxis: powerAxis(text.axis),
    series: [
      {
        id: 'planned',
        name: text.planned,
        type: 'line',
        showSymbol: false,
        color: PLAN_COLORS.planned,
        areaStyle: { opacity: 0.15 },
        data: planSteps(segments),
      },
    ],
  };
}

/**
 * Planned versus actual power of a station's day: the plan per quarter-hour as a step line (null
 * before any plan), the measured 15-minute averages as a line, on the local clock.
 */
export function plannedActualOption(
  data: { times: readonly string[]; planned: readonly (number | null)[]; actual: readonly (number | null)[] },
  text: { planned: string; actual: string; axis: string },
): EChartsCoreOption {
  return {
    animation: false,
    grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
    legend: { top: 0, data: [text.planned, text.actual] },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: [...data.times], boundaryGap: false, axisLabel: { hideOverlap: true } },
    yAxis: powerAxis(text.axis),
    series: [
      {
        id: 'planned',
        name: text.planned,
        type: 'line',
        // Each value holds from its quarter-hour's start to the next one's.
        step: 'end',
        showSymbol: false,
        color: PLAN_COLORS.planned,
        data: [...data.planned],
      },
      {
        id: 'actual',
        name: text.actual,
        type: 'line',
        showSymbol: false,
        smooth: false,
        color: PLAN_COLORS.actual,
        data: [...data.actual],
      },
    ],
  };
}
