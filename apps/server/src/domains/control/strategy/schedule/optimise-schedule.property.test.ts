import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { solveLp } from './highs-solver';
import { optimiseSchedule, scheduleModel, tieBreakCostPerKwh } from './optimise-schedule';
import { ruleSchedule } from './rule-schedule';
import { demandExcessKwh, scheduleInput } from './schedule-arbitrary.kit';
import { type ScheduleInput, STEP_H } from './schedule-types';
import { checkSchedule, scheduleValue } from './schedule-value';

/** The money a day of full-power cycling could move: revenue tolerances are relative to it. */
const revenueScale = (input: ScheduleInput): number => {
  const kw = Math.max(input.maxChargeKw, input.maxDischargeKw);
  return input.buyPrice.reduce((sum, b) => sum + Math.abs(b) * kw * STEP_H, 1);
};

/**
 * A fixed seed: the same tariffs on every run, so a model HiGHS finds hard fails here the same way
 * each time rather than on one CI run in many (a new seed is a deliberate change of this file).
 */
const SEED = 20261206;

describe('optimiseSchedule on random tariffs and forecasts', () => {
  it('respects every constraint and never earns less than the rule-based schedule', async () => {
    await fc.assert(
      fc.asyncProperty(scheduleInput(), async (input) => {
        const optimal = await optimiseSchedule(input);
        const rule = ruleSchedule(input);
        expect(checkSchedule(input, optimal)).toEqual([]);
        expect(checkSchedule(input, rule)).toEqual([]);
        expect(scheduleValue(input, optimal.powerKw).revenue).toBe(optimal.revenue);
        // The LP maximises revenue − ε·throughput: it may trail the rule by ε × the rule's throughput.
        const tol = 1e-6 * revenueScale(input) + tieBreakCostPerKwh(input) * (rule.chargedKwh + rule.dischargedKwh);
        // The optimiser first avoids demand excess, then maximises revenue: compare revenue
        // whenever the rule does not buy its revenue with more excess.
        const excessTol = 1e-6 * (input.demandLimitKw ?? 0) * STEP_H * input.buyPrice.length;
        expect(demandExcessKwh(input, optimal, STEP_H)).toBeLessThanOrEqual(
          demandExcessKwh(input, rule, STEP_H) + excessTol,
        );
        if (demandExcessKwh(input, rule, STEP_H) <= demandExcessKwh(input, optimal, STEP_H) + excessTol) {
          expect(optimal.revenue).toBeGreaterThanOrEqual(rule.revenue - tol);
        }
      }),
      { numRuns: 40, seed: SEED },
    );
  });

  it('never charges and discharges in the same step', async () => {
    await fc.assert(
      fc.asyncProperty(scheduleInput(), async (input) => {
        // Solved as the optimiser solves it: with binaries a MIP (presolve, its time limit).
        const primal = await solveLp(scheduleModel(input), true);
        // Within the MIP's feasibility tolerance: a seed gave 1.0000055e-5 kW both ways at 10 kW.
        const kwTol = 1e-5 * Math.max(input.maxChargeKw, input.maxDischargeKw);
        for (let t = 0; t < input.buyPrice.length; t++) {
          expect(Math.min(primal?.[`c${t}`] ?? 0, primal?.[`d${t}`] ?? 0)).toBeLessThanOrEqual(kwTol);
        }
      }),
      { numRuns: 15, seed: SEED + 1 },
    );
  });
});
