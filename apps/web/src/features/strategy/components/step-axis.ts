import { PLAN_STEPS, type TouPeriod } from '@ess/contract';
import { palette } from '@/lib/theme/palette';

/** Minutes of one plan step (96 quarter-hours a day). */
export const STEP_MINUTES = 1440 / PLAN_STEPS;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** `HH:mm` of a minute of the day (1440 reads 24:00). */
export const minuteLabel = (m: number): string => `${pad2(Math.floor(m / 60))}:${pad2(Math.round(m % 60))}`;

/**
 * Points of a per-step series on a minute axis, drawn with `step: 'end'`: each value holds from
 * its step's start to the next, and the last is repeated at 24:00 so the final step is drawn too.
 */
export function stepPoints(values: readonly (number | null)[]): [number, number | null][] {
  const points: [number, number | null][] = values.map((v, i) => [i * STEP_MINUTES, v]);
  if (values.length > 0) points.push([values.length * STEP_MINUTES, values[values.length - 1] ?? null]);
  return points;
}

/** Points of step-boundary values (the SOC path: 97 values, the first at 00:00). */
export const boundaryPoints = (values: readonly number[]): [number, number][] =>
  values.map((v, i) => [i * STEP_MINUTES, v]);

export type PeriodBand = { period: TouPeriod; from: number; to: number };

/** Runs of equal TOU periods over the day, in minutes. */
export function periodBands(periods: readonly TouPeriod[]): PeriodBand[] {
  const bands: PeriodBand[] = [];
  periods.forEach((p, i) => {
    const last = bands[bands.length - 1];
    if (last && last.period === p) last.to = (i + 1) * STEP_MINUTES;
    else bands.push({ period: p, from: i * STEP_MINUTES, to: (i + 1) * STEP_MINUTES });
  });
  return bands;
}

/** The TOU periods as faint coloured bands behind a chart (an ECharts `markArea`). */
export function periodMarkArea(periods: readonly TouPeriod[], names: Record<TouPeriod, string>) {
  return {
    silent: true,
    label: { show: true, position: 'insideTop', fontSize: 10, opacity: 0.7 },
    data: periodBands(periods).map((b) => [
      {
        name: names[b.period],
        xAxis: b.from,
        itemStyle: { color: palette.touPeriod[b.period], opacity: 0.1 },
      },
      { xAxis: b.to },
    ]),
  };
}

/** The day's minute axis, labelled every two hours. */
export const minuteAxis = () => ({
  type: 'value' as const,
  min: 0,
  max: 1440,
  interval: 120,
  axisLabel: { formatter: (m: number) => minuteLabel(m) },
  splitLine: { show: false },
});

/** One series' value under the axis pointer, as ECharts hands it to a tooltip formatter. */
type PointerValue = { seriesName: string; color: string; value: [number, number | null] };

/**
 * An axis tooltip over the minute axis: a heading (HTML) made from the pointer's minute (default
 * its `HH:mm` in bold), then one line per series with its colour dot and `format`ted value ('-' for none).
 */
export function minuteTooltip(
  format: (value: number, seriesName: string) => string,
  heading: (minute: number) => string = (minute) => `<b>${minuteLabel(minute)}</b>`,
) {
  return {
    trigger: 'axis' as const,
    formatter: (params: unknown) => {
      const list = Array.isArray(params) ? (params as PointerValue[]) : [];
      const minute = list[0]?.value[0];
      if (minute === undefined) return '';
      const rows = list.map(
        (p) =>
          `<span style="color:${p.color}">●</span> ${p.seriesName}: ${p.value[1] === null ? '-' : format(p.value[1], p.seriesName)}`,
      );
      return [heading(minute), ...rows].join('<br/>');
    },
  };
}
