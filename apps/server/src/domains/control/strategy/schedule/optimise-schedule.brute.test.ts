import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { optimiseSchedule } from './optimise-schedule';
import { scheduleFrame, stepBill } from './schedule-input';
import { type ScheduleInput, STEP_H } from './schedule-types';
import { checkSchedule, scheduleValue } from './schedule-value';

/**
 * Brute force on tiny days: every schedule whose power per step is one of `levels` evenly spaced
 * values in [−maxCharge, maxDischarge]; the best one that is feasible without demand excess.
 * The search walks step by step and drops a branch as soon as it breaks a limit; the winner is
 * re-evaluated by scheduleValue and checkSchedule, so this walk and the library agree.
 */
function bruteForce(input: ScheduleInput, levels: number): { revenue: number; powerKw: number[] } | null {
  const frame = scheduleFrame(input);
  const { n, netKw } = frame;
  const h = (input.maxChargeKw + input.maxDischargeKw) / (levels - 1);
  const grid = Array.from({ length: levels }, (_, i) => -input.maxChargeKw + i * h);
  const eps = 1e-9;
  const found: { best: { revenue: number; powerKw: number[] } | null } = { best: null };
  const power = new Array<number>(n).fill(0);
  const visit = (t: number, socKwh: number, revenue: number): void => {
    if (t === n) {
      if (socKwh >= frame.endMinKwh - eps && (!found.best || revenue > found.best.revenue)) {
        found.best = { revenue, powerKw: [...power] };
      }
      return;
    }
    const net = netKw[t] ?? 0;
    for (const p of grid) {
      const next = socKwh + (p < 0 ? -p * input.etaCharge : -p / input.etaDischarge) * STEP_H;
      if (next < frame.loKwh - eps || next > frame.hiKwh + eps) continue;
      if (!input.exportAllowed && p > Math.max(0, net) + eps) continue;
      if (input.demandLimitKw !== null && net - p > input.demandLimitKw + eps) continue;
      power[t] = p;
      const gain =
        stepBill(frame, t, net, STEP_H) -
        stepBill(frame, t, net - p, STEP_H) -
        input.degradationCostPerKwh * Math.abs(p) * STEP_H;
      visit(t + 1, next, revenue + gain);
    }
  };
  visit(0, frame.startKwh, 0);
  const { best } = found;
  if (best) {
    const s = scheduleValue(input, best.powerKw);
    expect(checkSchedule(input, s)).toEqual([]);
    expect(s.revenue).toBeCloseTo(best.revenue, 9);
  }
  return best;
}

const price = fc.integer({ min: 1, max: 100 }).map((k) => k / 100);

describe('optimiseSchedule against brute force on tiny instances', () => {
  /**
   * η = 1 and every limit a multiple of the power grid step: the constraint matrix (SOC as running
   * sums) is an interval matrix and the bill is separable piecewise linear with kinks on the grid,
   * so an optimum lies on the grid and brute force must find the LP's value exactly.
   */
  it('equals the brute-force optimum when the optimum lies on the power grid', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          buyPrice: fc.array(price, { minLength: 3, maxLength: 3 }),
          sellShare: fc.constantFrom(0, 0.5, 1),
          loadKw: fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 3, maxLength: 3 }),
          pvKw: fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 3, maxLength: 3 }),
          socSteps: fc.integer({ min: 2, max: 12 }),
          startStep: fc.nat(),
          endStep: fc.nat(),
          limit: fc.option(fc.integer({ min: 4, max: 12 }), { nil: null }),
          exportAllowed: fc.boolean(),
        }),
        async (r) => {
          // Units: the power grid step is 10 kW, its energy in a step 2.5 kWh.
          const cap = 2.5 * r.socSteps;
          const startIdx = r.startStep % (r.socSteps + 1);
          // With a demand limit charging may be impossible: then end at most where the day starts.
          const endIdx = r.endStep % ((r.limit === null ? r.socSteps : startIdx) + 1);
          const input: ScheduleInput = {
            buyPrice: r.buyPrice,
            sellPrice: r.buyPrice.map((b) => b * r.sellShare),
            loadKw: r.loadKw.map((k) => 10 * k),
            pvKw: r.pvKw.map((k) => 10 * k),
            capacityKwh: cap,
            maxChargeKw: 100,
            maxDischargeKw: 100,
            etaCharge: 1,
            etaDischarge: 1,
            socMin: 0,
            socMax: 1,
            soc0: startIdx / r.socSteps,
            socEndMin: endIdx / r.socSteps,
            demandLimitKw: r.limit === null ? null : 10 * r.limit,
            exportAllowed: r.exportAllowed,
            degradationCostPerKwh: 0,
          };
          const best = bruteForce(input, 21);
          const optimal = await optimiseSchedule(input);
          if (best === null) {
            expect(optimal.demandViolationKw).toBeGreaterThan(0);
            return;
          }
          expect(optimal.demandViolationKw).toBe(0);
          expect(checkSchedule(input, optimal)).toEqual([]);
          // The LP also pays ε per kWh throughput (tie-break): its revenue trails by at most that.
          const tieBreak = 1e-5 * Math.max(...input.buyPrice, 1e-3) * (optimal.chargedKwh + optimal.dischargedKwh);
          expect(optimal.revenue).toBeGreaterThanOrEqual(best.revenue - tieBreak - 1e-7);
          expect(optimal.revenue).toBeLessThanOrEqual(best.revenue + 1e-7);
        },
      ),
      { numRuns: 30 },
    );
  });

  /**
   * Losses and degradation: the LP optimum p* is off the grid (SOC limits bind mid-step), so the
   * grid's best is lower, by at most a bound derived from the grid step h. The SOC-feasible set is
   * convex and contains p = 0 (soc0 inside the limits, no demand excess at rest); revenue is
   * concave with revenue(0) = 0. Hence q = (1 − δ)·p* keeps SOC slack δ·m (m = the start's margin
   * to every SOC limit) and earns ≥ (1 − δ)·revenue(p*); rounding q toward zero onto the grid moves
   * each power by < h, the SOC by < n·h·Δt·max(η_c, 1/η_d) ≤ δ·m for the δ chosen below, the import
   * by < h (covered by the demand headroom), and the revenue by < Σ_t h·Δt·(buy_t + deg).
   */
  it('is at least the brute-force optimum and within the grid-step bound of it', async () => {
    const levels = 41;
    let offGrid = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          buyPrice: fc.array(price, { minLength: 3, maxLength: 3 }),
          sellShare: fc.double({ min: 0, max: 1, noNaN: true }),
          loadKw: fc.array(fc.double({ min: 0, max: 150, noNaN: true }), { minLength: 3, maxLength: 3 }),
          pvKw: fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { minLength: 3, maxLength: 3 }),
          capacityKwh: fc.double({ min: 40, max: 120, noNaN: true }),
          eta: fc.tuple(
            fc.double({ min: 0.85, max: 0.99, noNaN: true }),
            fc.double({ min: 0.85, max: 0.99, noNaN: true }),
          ),
          degradationCostPerKwh: fc.double({ min: 0, max: 0.05, noNaN: true }),
          withLimit: fc.boolean(),
          exportAllowed: fc.boolean(),
        }),
        async (r) => {
          const [etaCharge, etaDischarge] = r.eta;
          const net = r.loadKw.map((l, t) => l - (r.pvKw[t] ?? 0));
          const input: ScheduleInput = {
            buyPrice: r.buyPrice,
            sellPrice: r.buyPrice.map((b) => b * r.sellShare),
            loadKw: r.loadKw,
            pvKw: r.pvKw,
            capacityKwh: r.capacityKwh,
            maxChargeKw: 100,
            maxDischargeKw: 100,
            etaCharge,
            etaDischarge,
            socMin: 0.1,
            socMax: 0.9,
            soc0: 0.5,
            socEndMin: 0.3,
            // Headroom of 60 kW above the largest net load: charging is capped, never forced.
            demandLimitKw: r.withLimit ? Math.max(...net, 0) + 60 : null,
            exportAllowed: r.exportAllowed,
            degradationCostPerKwh: r.degradationCostPerKwh,
          };
          const n = input.buyPrice.length;
          const h = (input.maxChargeKw + input.maxDischargeKw) / (levels - 1);
          const marginKwh = 0.2 * input.capacityKwh;
          const socDrift = n * h * STEP_H * Math.max(etaCharge, 1 / etaDischarge);
          const headroom =
            input.demandLimitKw === null ? Number.POSITIVE_INFINITY : input.demandLimitKw - Math.max(...net);
          const delta = Math.max(socDrift / marginKwh, h / headroom);
          const best = bruteForce(input, levels);
          const optimal = await optimiseSchedule(input);
          expect(best).not.toBeNull();
          if (best === null) return;
          expect(checkSchedule(input, optimal)).toEqual([]);
          const tieBreak = 1e-5 * Math.max(...input.buyPrice, input.degradationCostPerKwh, 1e-3);
          expect(optimal.revenue).toBeGreaterThanOrEqual(
            best.revenue - tieBreak * (best.powerKw.reduce((s, p) => s + Math.abs(p), 0) * STEP_H) - 1e-7,
          );
          const rounding = input.buyPrice.reduce((s, b) => s + h * STEP_H * (b + input.degradationCostPerKwh), 0);
          expect(optimal.revenue - best.revenue).toBeLessThanOrEqual(delta * optimal.revenue + rounding + 1e-7);
          const onGrid = (p: number) =>
            Math.abs((p + input.maxChargeKw) / h - Math.round((p + input.maxChargeKw) / h)) < 1e-6;
          if (!optimal.powerKw.every(onGrid)) offGrid++;
        },
      ),
      { numRuns: 10 },
    );
    // The instances must include optima between grid points (SOC limits binding mid-step).
    expect(offGrid).toBeGreaterThan(0);
  });
});
