import { describe, expect, it } from 'vitest';
import { ruleSchedule } from './rule-schedule';
import { type ScheduleInput, STEP_H, STEPS_PER_DAY } from './schedule-types';
import { checkSchedule } from './schedule-value';

const steps = (f: (h: number) => number): number[] => Array.from({ length: STEPS_PER_DAY }, (_, t) => f(t * STEP_H));
/** The example tariff of domain.md: valley 0–8, peak 8–11 and 17–21, flat otherwise. */
const tou = steps((h) => (h < 8 ? 0.1 : (h >= 8 && h < 11) || (h >= 17 && h < 21) ? 0.6 : 0.3));

const input: ScheduleInput = {
  buyPrice: tou,
  loadKw: steps(() => 400),
  pvKw: steps(() => 0),
  capacityKwh: 1000,
  maxChargeKw: 500,
  maxDischargeKw: 500,
  etaCharge: 0.95,
  etaDischarge: 0.95,
  socMin: 0.1,
  socMax: 0.9,
  soc0: 0.1,
  socEndMin: 0.1,
  demandLimitKw: null,
  exportAllowed: false,
  degradationCostPerKwh: 0.02,
};

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

describe('ruleSchedule', () => {
  it('charges in the valley and the flat gap and discharges in both peaks (two cycles)', () => {
    const s = ruleSchedule(input);
    expect(checkSchedule(input, s)).toEqual([]);
    const at = (from: number, to: number) => s.powerKw.slice(from / STEP_H, to / STEP_H);
    expect(sum(at(0, 8))).toBeLessThan(0);
    expect(Math.min(...at(8, 11))).toBeGreaterThanOrEqual(0);
    expect(sum(at(8, 11))).toBeGreaterThan(0);
    expect(sum(at(11, 17))).toBeLessThan(0);
    expect(sum(at(17, 21))).toBeGreaterThan(0);
    // Each cycle fills 800 kWh of SOC: the battery discharges about twice its window.
    expect(s.dischargedKwh).toBeGreaterThan(2 * 0.8 * 1000 * 0.95 * 0.9);
    // Charging happens at the cheapest steps of a gap: the valley is charged last-minute-free, at max power.
    expect(Math.min(...s.powerKw)).toBeCloseTo(-500, 9);
  });

  it('does not cycle when the spread does not pay the losses and degradation', () => {
    const s = ruleSchedule({ ...input, buyPrice: steps((h) => (h >= 17 && h < 21 ? 0.32 : 0.3)) });
    expect(s.chargedKwh).toBe(0);
    expect(s.revenue).toBe(0);
  });

  it('charges no faster than the demand limit allows and reaches the end SOC', () => {
    const limited = { ...input, demandLimitKw: 600, socEndMin: 0.5 };
    const s = ruleSchedule(limited);
    expect(checkSchedule(limited, s)).toEqual([]);
    expect(Math.max(...s.gridKw)).toBeLessThanOrEqual(600 + 1e-9);
    expect(s.soc.at(-1)).toBeGreaterThanOrEqual(0.5 - 1e-9);
  });
});
