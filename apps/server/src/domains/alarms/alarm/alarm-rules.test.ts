import { type AlarmCondition, alarmDefinitionProblem } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { alarmContent, crossedLimit, inAlarm, parseRuleKey, recovered, ruleKey } from './alarm-rules';

const rule = (condition: AlarmCondition, threshold: number, deadband = 0, threshold2: number | null = null) => ({
  condition,
  threshold,
  threshold2,
  deadband,
});

/** Walks values through raise and recovery like the engine does (no hold time): the states after each. */
function walk(r: ReturnType<typeof rule>, values: number[]): boolean[] {
  let active = false;
  return values.map((v) => {
    if (active) active = !recovered(r, v);
    else active = inAlarm(r, v);
    return active;
  });
}

describe('alarm conditions', () => {
  it.each([
    ['gt', 50, [49, 50, 50.1, 60], [false, false, true, true]],
    ['ge', 50, [49, 50, 51], [false, true, true]],
    ['lt', 10, [11, 10, 9.9], [false, false, true]],
    ['le', 10, [11, 10, 9], [false, true, true]],
    ['eq', 3, [2, 3, 4], [false, true, false]],
    ['ne', 0, [0, 1, -1], [false, true, true]],
  ] as const)('%s %d', (condition, threshold, values, expected) => {
    expect(values.map((v) => inAlarm(rule(condition, threshold), v))).toEqual(expected);
  });

  it('outside: below the lower or above the upper limit, and names the limit crossed', () => {
    const r = rule('outside', 49.5, 0, 50.5);
    expect([49, 49.5, 50, 50.5, 51].map((v) => inAlarm(r, v))).toEqual([true, false, false, false, true]);
    expect(crossedLimit(r, 51)).toBe(50.5);
    expect(crossedLimit(r, 49)).toBe(49.5);
  });

  it('bit: the numbered bit of an integer value is set', () => {
    const r = rule('bit', 3);
    expect([0, 8, 7, 9, 24, 8.5].map((v) => inAlarm(r, v))).toEqual([false, true, false, true, true, false]);
    expect(walk(r, [8, 9, 1, 8])).toEqual([true, true, false, true]);
  });

  it('nodata never holds on a value (it is timed by the engine)', () => {
    expect(inAlarm(rule('nodata', 30), 1)).toBe(false);
  });
});

describe('recovery deadband', () => {
  it('gt 50 with deadband 2: a value hovering around 50 raises once and recovers only at 48', () => {
    const r = rule('gt', 50, 2);
    expect(walk(r, [49, 51, 49.5, 50.5, 49, 48.5, 51, 48, 49, 50.5])).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
      true,
    ]);
  });

  it('without a deadband the condition clearing is the recovery', () => {
    expect(walk(rule('gt', 50), [51, 50, 51])).toEqual([true, false, true]);
    expect(walk(rule('ge', 50), [50, 49.9])).toEqual([true, false]);
  });

  it('lt, le, eq, ne and outside recover past the deadband on their side', () => {
    expect(walk(rule('lt', 10, 1), [9, 10.5, 11])).toEqual([true, true, false]);
    expect(walk(rule('le', 10, 1), [10, 11, 11.1])).toEqual([true, true, false]);
    expect(walk(rule('eq', 3, 0.5), [3, 3.4, 3.6])).toEqual([true, true, false]);
    expect(walk(rule('ne', 0, 0.5), [2, 0.6, 0.4])).toEqual([true, true, false]);
    expect(walk(rule('outside', 10, 1, 20), [21, 19.5, 18.9])).toEqual([true, true, false]);
    expect(walk(rule('outside', 10, 1, 20), [9, 10.5, 11])).toEqual([true, true, false]);
  });
});

describe('definition rules between fields', () => {
  const base = { deviceId: null, deviceType: 'bms' as const, threshold: 1, threshold2: null, holdSeconds: 0 };
  it.each([
    [{ ...base, deviceId: 5 }, 'gt', 'target'],
    [{ ...base, deviceType: null }, 'gt', 'target'],
    [base, 'outside', 'threshold2Required'],
    [{ ...base, threshold2: 1 }, 'outside', 'threshold2Order'],
    [{ ...base, threshold: 32 }, 'bit', 'bitIndex'],
    [{ ...base, threshold: 1.5 }, 'bit', 'bitIndex'],
    [{ ...base, threshold: 0 }, 'nodata', 'nodataSeconds'],
    [{ ...base, threshold: 60, holdSeconds: 5 }, 'nodata', 'holdNodata'],
    [{ ...base, threshold2: 2 }, 'outside', null],
    [{ ...base, threshold: 31 }, 'bit', null],
    [{ ...base, threshold: 60 }, 'nodata', null],
  ] as const)('%j %s → %s', (d, condition, problem) => {
    expect(alarmDefinitionProblem({ ...d, condition })).toBe(problem);
  });
});

it('fills the content template', () => {
  expect(
    alarmContent('{station} {device}: {point} {value} > {limit}', {
      station: 'S',
      device: 'BMS-1',
      point: 'Max cell voltage',
      value: '3.7 V',
      limit: '3.65 V',
    }),
  ).toBe('S BMS-1: Max cell voltage 3.7 V > 3.65 V');
});

it('reads back the rule and device of a rule key, and nothing else', () => {
  expect(parseRuleKey(ruleKey(12, 345))).toEqual({ definitionId: 12, deviceId: 345 });
  expect(parseRuleKey('offline:3')).toBeNull();
  expect(parseRuleKey('lost:3')).toBeNull();
});
