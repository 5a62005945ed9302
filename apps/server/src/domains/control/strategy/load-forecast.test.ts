import { addDays, weekdayOf } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { type DayLoad, fitTemperature, forecastDay, historyBefore, mapeFloor, mapePct, mapeSum } from './load-forecast';
import { planSegments } from './plan-segments';
import { forecastPv } from './pv-forecast';

const TARGET = '2026-03-18';
const steps = (f: (s: number) => number) => Array.from({ length: 96 }, (_, s) => f(s));

/** A shape that differs by weekday: daytime hump whose height and start depend on the weekday. */
const weekdayShape = (date: string): number[] => {
  const w = weekdayOf(date);
  return steps((s) => 40 + 5 * w + (s >= 32 + w && s < 72 ? 30 + 2 * w : 0) + 3 * Math.sin(s / 7));
};

const build = (days: number, day: (date: string, i: number) => DayLoad): Map<string, DayLoad> =>
  new Map(Array.from({ length: days }, (_, i) => addDays(TARGET, -(i + 1))).map((d, i) => [d, day(d, i)]));

/** Temperatures that vary irregularly from day to day. */
const temperatureOf = (date: string): number => {
  const n = Number(date.slice(8, 10)) + 31 * Number(date.slice(5, 7));
  return 15 + ((n * 37) % 11) - 0.3 * (n % 5);
};
const temps = (history: Map<string, DayLoad>) => new Map([...history.keys(), TARGET].map((d) => [d, temperatureOf(d)]));

describe('load forecast', () => {
  it('forecasts a load that repeats every week exactly, with no temperature term', () => {
    const history = build(42, (d) => weekdayShape(d));
    const f = forecastDay(history, temps(history), TARGET);
    expect(f.temperatureCoefKw).toBeCloseTo(0, 9);
    const expected = weekdayShape(TARGET);
    f.stepsKw.forEach((v, s) => {
      expect(v).toBeCloseTo(expected[s] ?? Number.NaN, 9);
    });
    // Basis: the four same weekdays and the seven recent days (D−7 is both).
    expect(f.basis).toHaveLength(10);
    expect(f.basis).toContain(addDays(TARGET, -28));
    expect(f.basis).not.toContain(addDays(TARGET, -35));
  });

  it('fits the temperature slope by least squares and forecasts pattern + γ·T', () => {
    const gamma = 2.5;
    const load = (d: string) => weekdayShape(d).map((v) => v + gamma * temperatureOf(d));
    const history = build(42, load);
    const t = temps(history);
    expect(fitTemperature(historyBefore(history, TARGET), t)).toBeCloseTo(gamma, 9);
    const f = forecastDay(history, t, TARGET);
    expect(f.temperatureCoefKw).toBeCloseTo(gamma, 9);
    const expected = load(TARGET);
    f.stepsKw.forEach((v, s) => {
      expect(v).toBeCloseTo(expected[s] ?? Number.NaN, 6);
    });
  });

  it('moves half-way towards a level shift of the recent days (recent three weighed double)', () => {
    const base = steps((s) => 50 + (s % 10));
    // Every day the same until the last 3 days, which sit 12 kW higher.
    const history = build(42, (d) => base.map((v) => v + (d >= addDays(TARGET, -3) ? 12 : 0)));
    const f = forecastDay(history, new Map(), TARGET);
    // dev = 12 on the last 3 days (weight 2), 0 on days 4..7 (weight 1): D = 72/10; F = P + D/2.
    f.stepsKw.forEach((v, s) => {
      expect(v).toBeCloseTo((base[s] ?? 0) + 0.5 * (72 / 10), 9);
    });
  });

  it('never looks at the target day or later', () => {
    const history = build(42, (d) => weekdayShape(d));
    const withFuture = new Map(history);
    withFuture.set(
      TARGET,
      steps(() => 9_999),
    );
    withFuture.set(
      addDays(TARGET, 1),
      steps(() => 9_999),
    );
    expect(forecastDay(withFuture, new Map(), TARGET)).toEqual(forecastDay(history, new Map(), TARGET));
  });

  it('uses the mean of the recent days when there is no week of history, null without any', () => {
    const history = build(3, (_, i) => Array.from({ length: 96 }, (_, s) => (s === 5 ? null : 10 * (i + 1))));
    const f = forecastDay(history, new Map(), TARGET);
    expect(f.stepsKw[0]).toBeCloseTo(20, 9);
    expect(f.stepsKw[5]).toBeNull();
    expect(forecastDay(new Map(), new Map(), TARGET).stepsKw.every((v) => v === null)).toBe(true);
  });
});

describe('MAPE', () => {
  it('is the known percentage for a known scaling, and 0 for a perfect forecast', () => {
    const actual = steps((s) => 20 + s);
    expect(mapePct(mapeSum(actual, actual, 0))).toBe(0);
    expect(
      mapePct(
        mapeSum(
          actual.map((v) => v * 1.1),
          actual,
          0,
        ),
      ),
    ).toBeCloseTo(10, 9);
    // Half the steps 20 % low, half exact: 10 %.
    expect(
      mapePct(
        mapeSum(
          actual.map((v, s) => (s % 2 ? v * 0.8 : v)),
          actual,
          0,
        ),
      ),
    ).toBeCloseTo(10, 9);
  });

  it('leaves out steps below the floor and steps without forecast or actual', () => {
    const actual: (number | null)[] = steps((s) => (s < 10 ? 0.001 : 100));
    actual[50] = null;
    const forecast: (number | null)[] = steps(() => 110);
    forecast[60] = null;
    const floor = mapeFloor([actual]);
    expect(floor).toBeCloseTo((0.01 * ((86 - 1) * 100 + 10 * 0.001)) / 95, 9);
    const m = mapeSum(forecast, actual, floor);
    expect(m.steps).toBe(96 - 10 - 2);
    expect(mapePct(m)).toBeCloseTo(10, 9);
    expect(mapePct({ sum: 0, steps: 0 })).toBeNull();
  });
});

describe('PV forecast and plan segments', () => {
  it('averages the last week of PV, scaled by the clearness of the day', () => {
    const pv = build(10, () => steps((s) => (s >= 24 && s < 72 ? 40 : 0)));
    const clear = new Map([...pv.keys()].map((d) => [d, 0.8]));
    clear.set(TARGET, 0.4);
    const f = forecastPv(pv, clear, TARGET);
    expect(f[40]).toBeCloseTo(20, 9);
    expect(f[0]).toBe(0);
    expect(forecastPv(new Map(), new Map(), TARGET).every((v) => v === 0)).toBe(true);
  });

  it('merges consecutive steps of equal power into segments ending at 24:00', () => {
    const power = steps((s) => (s < 32 ? -50 : s < 40 ? 0 : s < 44 ? 80.04 : s < 48 ? 79.96 : 0));
    expect(planSegments(power, 10, 95)).toEqual([
      { start: '00:00', end: '08:00', powerKw: -50, socMax: 95, socMin: 10 },
      { start: '08:00', end: '10:00', powerKw: 0, socMax: 95, socMin: 10 },
      { start: '10:00', end: '12:00', powerKw: 80, socMax: 95, socMin: 10 },
      { start: '12:00', end: '24:00', powerKw: 0, socMax: 95, socMin: 10 },
    ]);
  });
});
