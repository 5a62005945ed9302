import { describe, expect, it } from 'vitest';
import { solveLp } from './highs-solver';
import { optimiseSchedule, scheduleModel } from './optimise-schedule';
import { ruleSchedule } from './rule-schedule';
import { type ScheduleInput, STEP_H, STEPS_PER_DAY } from './schedule-types';
import { checkSchedule } from './schedule-value';

const steps = (f: (t: number) => number): number[] => Array.from({ length: STEPS_PER_DAY }, (_, t) => f(t));
const hour = (t: number) => t * STEP_H;

/** A 1 MWh / 500 kW station, a flat 300 kW load, no PV, valley 0.1 at night and peak 0.6 in the evening. */
const base = (over: Partial<ScheduleInput> = {}): ScheduleInput => ({
  buyPrice: steps((t) => (hour(t) < 8 ? 0.1 : hour(t) >= 17 && hour(t) < 21 ? 0.6 : 0.3)),
  loadKw: steps(() => 300),
  pvKw: steps(() => 0),
  capacityKwh: 1000,
  maxChargeKw: 500,
  maxDischargeKw: 500,
  etaCharge: 0.95,
  etaDischarge: 0.95,
  socMin: 0.1,
  socMax: 0.9,
  soc0: 0.5,
  socEndMin: 0.5,
  demandLimitKw: null,
  exportAllowed: false,
  degradationCostPerKwh: 0.02,
  ...over,
});

describe('optimiseSchedule edge cases', () => {
  it('does not cycle on a flat price when throughput costs degradation', async () => {
    const input = base({ buyPrice: steps(() => 0.5) });
    const optimal = await optimiseSchedule(input);
    expect(Math.max(...optimal.powerKw.map(Math.abs))).toBeLessThan(1e-6);
    expect(optimal.revenue).toBeCloseTo(0, 9);
    expect(ruleSchedule(input).chargedKwh).toBe(0);
  });

  it('cycles valley to peak on the example tariff and earns the arbitrage', async () => {
    const input = base();
    const optimal = await optimiseSchedule(input);
    expect(checkSchedule(input, optimal)).toEqual([]);
    // Charged in the valley, discharged in the peak, back to the start SOC at the end.
    const valley = optimal.powerKw.slice(0, 32).reduce((s, p) => s + p, 0);
    const peak = optimal.powerKw.slice(68, 84).reduce((s, p) => s + p, 0);
    expect(valley).toBeLessThan(0);
    expect(peak).toBeGreaterThan(0);
    // The 800 kWh usable window is cycled at least once: the peak sells ≥ (0.9 − 0.1)·E·η_d.
    expect(optimal.dischargedKwh).toBeGreaterThan(0.8 * 1000 * 0.95 - 1e-6);
    expect(optimal.revenue).toBeGreaterThan(ruleSchedule(input).revenue - 1e-6);
  });

  it('discharges to keep import under a demand limit the load exceeds', async () => {
    const loadKw = steps((t) => (t >= 40 && t < 48 ? 500 : 300));
    const input = base({ loadKw, demandLimitKw: 400, buyPrice: steps(() => 0.3) });
    const optimal = await optimiseSchedule(input);
    expect(checkSchedule(input, optimal)).toEqual([]);
    expect(optimal.demandViolationKw).toBe(0);
    for (let t = 40; t < 48; t++) expect(optimal.powerKw[t]).toBeGreaterThanOrEqual(100 - 1e-6);
    expect(Math.max(...optimal.gridKw)).toBeLessThanOrEqual(400 + 1e-6);
  });

  it('reports an unavoidable demand excess instead of failing', async () => {
    // 1000 kW of load against a 300 kW limit and a 200 kW inverter: 500 kW over, whatever the plan.
    const loadKw = steps((t) => (t >= 40 && t < 44 ? 1000 : 200));
    const input = base({ loadKw, demandLimitKw: 300, maxDischargeKw: 200, buyPrice: steps(() => 0.3) });
    const optimal = await optimiseSchedule(input);
    expect(optimal.demandViolationKw).toBeCloseTo(500, 6);
    expect(checkSchedule(input, optimal)).toEqual([]);
    for (let t = 40; t < 44; t++) expect(optimal.powerKw[t]).toBeCloseTo(200, 6);
    expect(ruleSchedule(input).demandViolationKw).toBeCloseTo(500, 6);
  });

  it('puts the least excess before revenue when lossless cycling would trade one for the other', async () => {
    // Found by the property test: η ≈ 1, load far above the limit all day, one dear first step.
    // Discharging then and recharging later earns about as much as the penalty on the loss costs.
    const input = base({
      buyPrice: steps((t) => (t === 0 ? 0.045168559946000005 : 0.02)),
      loadKw: steps((t) => (t === 0 ? 14.221308563255503 : 14.221308563255477)),
      capacityKwh: 50,
      maxChargeKw: 10,
      maxDischargeKw: 28.4426171265115,
      etaCharge: 0.9954915994260001,
      etaDischarge: 0.999999999998,
      socMin: 0,
      socMax: 0.7,
      soc0: 0.6966989890929504,
      socEndMin: 0.69669898909295,
      demandLimitKw: 4.26639256897665,
      degradationCostPerKwh: 0,
    });
    const optimal = await optimiseSchedule(input);
    const rule = ruleSchedule(input);
    expect(checkSchedule(input, optimal)).toEqual([]);
    const excessKwh = (grid: number[]) => grid.reduce((s, g) => s + Math.max(0, g - 4.26639256897665) * STEP_H, 0);
    expect(excessKwh(optimal.gridKw)).toBeLessThanOrEqual(excessKwh(rule.gridKw) + 1e-6);
  });

  it('reports the excess when the battery runs out of energy for the demand limit', async () => {
    // 8 h at 200 kW over the limit needs 1600 kWh; the battery holds at most 800·0.95 kWh.
    const loadKw = steps((t) => (t >= 40 && t < 72 ? 600 : 300));
    const input = base({ loadKw, demandLimitKw: 400, socEndMin: 0.1, soc0: 0.9 });
    const optimal = await optimiseSchedule(input);
    expect(checkSchedule(input, optimal)).toEqual([]);
    expect(optimal.demandViolationKw).toBeGreaterThan(0);
    const excessKwh = optimal.gridKw.reduce((s, g) => s + Math.max(0, g - 400) * STEP_H, 0);
    expect(excessKwh).toBeCloseTo(1600 - 800 * 0.95, 3);
  });

  it('never exports under anti-backflow and stores the PV surplus instead', async () => {
    // Midday PV of 700 kW on a 200 kW load; export forbidden and unpaid.
    const pvKw = steps((t) => (hour(t) >= 10 && hour(t) < 15 ? 700 : 0));
    const input = base({ pvKw, loadKw: steps(() => 200), soc0: 0.2, socEndMin: 0.2 });
    const optimal = await optimiseSchedule(input);
    expect(checkSchedule(input, optimal)).toEqual([]);
    for (let t = 0; t < STEPS_PER_DAY; t++) {
      expect(optimal.powerKw[t] ?? 0).toBeLessThanOrEqual(Math.max(0, 200 - (input.pvKw[t] ?? 0)) + 1e-6);
    }
    const surplusCharge = optimal.powerKw.slice(40, 60).reduce((s, p) => s + Math.max(0, -p) * STEP_H, 0);
    expect(surplusCharge).toBeGreaterThan(0.5 * 1000);
    // The free PV energy is discharged into the evening peak.
    expect(optimal.powerKw.slice(68, 84).some((p) => p > 0)).toBe(true);
    expect(checkSchedule(input, ruleSchedule(input))).toEqual([]);
  });

  it('never wastes energy by charging and discharging at once when prices turn negative', async () => {
    // Spot-linked midday: −0.05 per kWh for two hours. Wasting energy would pay; a battery cannot.
    const buyPrice = steps((t) => (hour(t) >= 11 && hour(t) < 13 ? -0.05 : (base().buyPrice[t] ?? 0)));
    const input = base({ buyPrice, soc0: 0.9, socEndMin: 0.1 });
    const primal = await solveLp(scheduleModel(input), true);
    for (let t = 0; t < STEPS_PER_DAY; t++) {
      expect(Math.min(primal?.[`c${t}`] ?? 0, primal?.[`d${t}`] ?? 0)).toBeLessThanOrEqual(1e-6);
    }
    const optimal = await optimiseSchedule(input);
    expect(checkSchedule(input, optimal)).toEqual([]);
    // Paid to import: it charges through the negative hours.
    expect(optimal.powerKw.slice(44, 52).reduce((sum, p) => sum + p, 0)).toBeLessThan(-100);
    expect(optimal.powerKw.slice(44, 52).every((p) => p <= 1e-9)).toBe(true);
    expect(optimal.revenue).toBeGreaterThanOrEqual(ruleSchedule(input).revenue - 1e-6);
  });

  it('throws a clear error when the end SOC cannot be reached', async () => {
    const input = base({ soc0: 0.1, socEndMin: 0.9, maxChargeKw: 10 });
    await expect(optimiseSchedule(input)).rejects.toThrow(/not solved: Infeasible/);
  });

  it('rejects malformed input', async () => {
    await expect(optimiseSchedule(base({ loadKw: [1, 2] }))).rejects.toThrow(/loadKw has 2 steps/);
    expect(() => ruleSchedule(base({ etaCharge: 0 }))).toThrow(/efficiencies/);
    expect(() => scheduleModel(base({ socMin: 0.9, socMax: 0.1 }))).toThrow(/socMin above socMax/);
  });

  it('writes each variable once per expression and no exponent in the model text', () => {
    const text = scheduleModel(base({ demandLimitKw: 400, degradationCostPerKwh: 1e-7 }));
    expect(text).not.toMatch(/\de[-+]?\d/i);
    const objective = text.slice(text.indexOf('obj:'), text.indexOf('Subject To'));
    const names = objective.match(/[a-z]+\d+/g) ?? [];
    expect(new Set(names).size).toBe(names.length);
  });
});
