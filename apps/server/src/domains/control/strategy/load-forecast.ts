import { addDays, PLAN_STEPS } from '@ess/contract';

/**
 * Day-ahead load forecast per quarter-hour (issue 14 part 6), pure: history in, forecast out.
 *
 * For the target date d, with load(x, s) the measured average load of step s on local date x:
 * 1. Weekday pattern: P_x(s) = mean of load(x − 7k, s) over k = 1..4 where measured.
 * 2. Temperature: over every history day h that has a pattern, the daily mean residual
 *    r_h = mean_s(load(h, s) − P_h(s)) is fitted by least squares through the origin to
 *    x_h = T_h − mean(T of h's pattern days): γ = Σ x·r / Σ x² (kW per °C). With fewer than
 *    MIN_FIT_DAYS such days, or temperatures that do not vary, γ = 0.
 * 3. Recent days: for j = 1..7 the deviation of day d − j from its own weekday pattern, net of
 *    temperature, dev_j(s) = load(d − j, s) − P_{d−j}(s) − γ·x_{d−j}; averaged with weight 2 for
 *    the last 3 days (the level of the recent days) and 1 for the others: D(s).
 * 4. F(s) = P_d(s) + ½·D(s) + γ·x_d: the weekday pattern, blended half-way towards the recent
 *    days' profile, plus the temperature term. A load that repeats week after week gives
 *    dev = 0 and r = 0, so it is forecast exactly.
 * Without any same-weekday history (a station younger than a week) F(s) is the mean of the last
 * 7 days at s; a step with neither is null.
 */

/** One local day of load per step (kW), null where nothing was measured. */
export type DayLoad = (number | null)[];
/** History by local date `YYYY-MM-DD`. */
export type LoadHistory = ReadonlyMap<string, DayLoad>;
/** Daily mean temperature (°C) by local date. */
export type Temperatures = ReadonlyMap<string, number>;

export const PATTERN_WEEKS = 4;
export const RECENT_DAYS = 7;
/** The last days weighed double in the recent profile. */
const LEVEL_DAYS = 3;
/** Fewest days with a residual before a temperature slope is fitted. */
export const MIN_FIT_DAYS = 10;
/** History a forecast reads: the recent days' own patterns reach back this far. */
export const HISTORY_DAYS = RECENT_DAYS + 7 * PATTERN_WEEKS;

export type ForecastResult = {
  stepsKw: (number | null)[];
  /** Past dates that contributed, ascending. */
  basis: string[];
  temperatureCoefKw: number;
};

const mean = (xs: number[]): number | null => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

const stepsOf = <T>(f: (s: number) => T): T[] => Array.from({ length: PLAN_STEPS }, (_, s) => f(s));

const patternDays = (date: string, history: LoadHistory): string[] =>
  Array.from({ length: PATTERN_WEEKS }, (_, k) => addDays(date, -7 * (k + 1))).filter((d) => history.has(d));

/** Same-weekday pattern of a date: mean over the last 4 same weekdays measured at each step. */
export function weekdayPattern(date: string, history: LoadHistory): (number | null)[] {
  const days = patternDays(date, history).map((d) => history.get(d) ?? []);
  return stepsOf((s) => mean(days.flatMap((day) => (day[s] == null ? [] : [day[s]]))));
}

/** Daily mean residual of a day against its pattern (over steps where both exist), or null. */
function dayResidual(date: string, history: LoadHistory): number | null {
  const day = history.get(date);
  if (!day) return null;
  const pattern = weekdayPattern(date, history);
  return mean(stepsOf((s) => s).flatMap((s) => (day[s] != null && pattern[s] != null ? [day[s] - pattern[s]] : [])));
}

/** Temperature of a date minus the mean temperature of its pattern days, or null. */
function temperatureDelta(date: string, history: LoadHistory, temps: Temperatures): number | null {
  const t = temps.get(date);
  const base = mean(patternDays(date, history).flatMap((d) => (temps.has(d) ? [temps.get(d) ?? 0] : [])));
  return t === undefined || base === null ? null : t - base;
}

/** γ (kW/°C) by least squares through the origin over the history days. */
export function fitTemperature(history: LoadHistory, temps: Temperatures): number {
  let sxy = 0;
  let sxx = 0;
  let n = 0;
  for (const date of history.keys()) {
    const r = dayResidual(date, history);
    const x = temperatureDelta(date, history, temps);
    if (r === null || x === null) continue;
    sxy += x * r;
    sxx += x * x;
    n += 1;
  }
  return n >= MIN_FIT_DAYS && sxx > 1e-9 ? sxy / sxx : 0;
}

/** The HISTORY_DAYS days before `date`: a forecast never sees its own day or later. */
export function historyBefore(history: LoadHistory, date: string): Map<string, DayLoad> {
  const first = addDays(date, -HISTORY_DAYS);
  return new Map([...history].filter(([d]) => d < date && d >= first));
}

export function forecastDay(allHistory: LoadHistory, temps: Temperatures, date: string): ForecastResult {
  const history = historyBefore(allHistory, date);
  const gamma = fitTemperature(history, temps);
  const basis = new Set<string>();
  const pattern = weekdayPattern(date, history);
  for (const d of patternDays(date, history)) basis.add(d);

  const recent = Array.from({ length: RECENT_DAYS }, (_, j) => addDays(date, -(j + 1))).filter((d) => history.has(d));
  for (const d of recent) basis.add(d);
  const deviations = recent.map((d) => {
    const day = history.get(d) ?? [];
    const own = weekdayPattern(d, history);
    const x = temperatureDelta(d, history, temps) ?? 0;
    const weight = addDays(date, -LEVEL_DAYS) <= d ? 2 : 1;
    return { weight, dev: stepsOf((s) => (day[s] != null && own[s] != null ? day[s] - own[s] - gamma * x : null)) };
  });
  const xTarget = temperatureDelta(date, history, temps) ?? 0;

  const stepsKw = stepsOf((s) => {
    const p = pattern[s];
    if (p == null) {
      // No weekday pattern yet: the plain mean of the recent days at this step.
      return mean(recent.flatMap((d) => (history.get(d)?.[s] != null ? [history.get(d)?.[s] ?? 0] : [])));
    }
    let sw = 0;
    let sd = 0;
    for (const { weight, dev } of deviations) {
      const v = dev[s];
      if (v == null) continue;
      sw += weight;
      sd += weight * v;
    }
    const recentDev = sw > 0 ? sd / sw : 0;
    return Math.max(0, p + 0.5 * recentDev + gamma * xTarget);
  });
  return { stepsKw, basis: [...basis].sort(), temperatureCoefKw: gamma };
}

/** Steps counted by MAPE: an actual at or above the floor and a forecast. */
export type MapeSum = { sum: number; steps: number };

/** Σ |f − a| / a over steps with a ≥ floorKw (a small floor keeps near-zero loads from dominating). */
export function mapeSum(forecast: (number | null)[], actual: (number | null)[], floorKw: number): MapeSum {
  let sum = 0;
  let steps = 0;
  for (let s = 0; s < actual.length; s++) {
    const a = actual[s];
    const f = forecast[s];
    if (a == null || f == null || a < floorKw || a <= 0) continue;
    sum += Math.abs(f - a) / a;
    steps += 1;
  }
  return { sum, steps };
}

/** MAPE in percent, null when no step counts. */
export const mapePct = (m: MapeSum): number | null => (m.steps ? (100 * m.sum) / m.steps : null);

/** The MAPE floor: 1 % of the mean measured load (kW). */
export function mapeFloor(days: DayLoad[]): number {
  const m = mean(days.flatMap((d) => d.flatMap((v) => (v == null ? [] : [v]))));
  return m === null ? 0 : 0.01 * Math.abs(m);
}
