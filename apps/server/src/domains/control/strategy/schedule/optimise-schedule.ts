/**
 * The optimal charge/discharge schedule of one station for a day (issue 14 part 7), a linear
 * programme solved by HiGHS. Per step t = 0..n−1 (Δt = STEP_H hours, E = capacity kWh):
 *
 *   variables   c_t ∈ [0, maxCharge], d_t ∈ [0, maxDischarge]      charge / discharge, kW
 *               s_{t+1} ∈ [lo, hi] kWh (s_0 = soc0·E is a constant), s_n ≥ socEndMin·E
 *               g⁺_t ≥ 0 import, g⁻_t ≥ 0 export (g⁻_t ≤ max(0, pv − load) when export is
 *               forbidden: the storage never exports, only the PV surplus may leave),
 *               v_t ≥ 0 demand slack (only with a demand limit)
 *   dynamics    s_{t+1} = s_t + η_c·c_t·Δt − d_t·Δt/η_d
 *   balance     g⁺_t − g⁻_t = load_t − pv_t + c_t − d_t
 *   demand      g⁺_t − v_t ≤ demandLimit
 *   minimise    Σ Δt·(buy_t·g⁺_t − sell_t·g⁻_t) + (deg + ε)·Δt·(c_t + d_t) + P·Δt·v_t
 *
 * [lo, hi] = [socMin, socMax]·E, widened to soc0 if it starts outside. sell_t is 0 where export is
 * forbidden and never above buy_t (schedule-input.ts), so the bill is convex in the grid power and
 * importing and exporting at once never pays. The demand limit is soft: P is larger than any
 * energy value a kW of excess could buy, so the excess is avoided whenever possible and an
 * unavoidable one keeps the model feasible and is reported as demandViolationKw. P cannot beat
 * every price spread when η_c·η_d is near 1 (cycling then moves excess at almost no loss), so
 * when excess remains, the least Σ v_t is found by an LP of the excess alone and the model is
 * solved again with Σ v_t capped there: the least excess first, then the most revenue. Charging and
 * discharging in the same step loses (1 − η_c·η_d) of the energy and pays degradation twice, so
 * it never pays at non-negative prices; it can tie where energy is free (PV surplus that would be
 * curtailed, no degradation cost), so a tie-break cost ε per kWh of throughput (far below any
 * price) makes it strictly worse. Where energy has a negative price (buy or export price < 0)
 * wasting it would pay, which a battery cannot do: those steps get a binary z_t with
 * c_t ≤ maxCharge·z_t, d_t ≤ maxDischarge·(1 − z_t), and the model becomes a MIP. A MIP
 * searches for at most MIP_TIME_LIMIT_S (a day of mostly negative prices can take tens of
 * seconds to prove) and its best solution is used; without one, the LP relaxation is.
 * The powers read back are netted (d − c) and replayed through the battery physics, clipped to
 * the SOC window and anti-backflow, so the returned schedule is feasible whatever the solver's
 * tolerances. Revenue is then evaluated by scheduleValue: bill without storage
 * − bill with storage − degradation (the arbitrage revenue of domain.md when nothing is exported).
 */
import { solveLp } from './highs-solver';
import { addTerm, LpModel } from './lp-text';
import { type ScheduleFrame, scheduleFrame } from './schedule-input';
import { type Schedule, type ScheduleInput, STEP_H } from './schedule-types';
import { scheduleValue } from './schedule-value';

const maxAbs = (values: number[]): number => values.reduce((m, v) => Math.max(m, Math.abs(v)), 0);

/**
 * ε of the header comment: 1e-5 of the dearest price (at least of 0.001 per kWh), above the
 * solver's cost tolerance yet negligible beside the arbitrage. The optimum's revenue is at most
 * ε × its throughput below the exact optimum.
 */
export const tieBreakCostPerKwh = (input: ScheduleInput): number =>
  1e-5 * Math.max(maxAbs(input.buyPrice), input.degradationCostPerKwh, 1e-3);

/** Penalty per kW·h of demand excess: above the value of any energy the excess could save. */
function demandPenalty(input: ScheduleInput, frame: ScheduleFrame): number {
  const energyValue = maxAbs(frame.buy) + maxAbs(frame.sell) + 2 * input.degradationCostPerKwh;
  return (100 * energyValue) / (input.etaCharge * input.etaDischarge) + 1;
}

/** The LP (MIP where a price is negative) of the header comment as text. */
export function scheduleModel(input: ScheduleInput, binaries = true): string {
  return buildModel(input, binaries).text();
}

/** Σ v_t of a solution: the demand excess in kW·steps the LP could not avoid. */
const excessOf = (primal: Record<string, number>, n: number): number => {
  let sum = 0;
  for (let t = 0; t < n; t++) sum += Math.max(0, primal[`v${t}`] ?? 0);
  return sum;
};

/**
 * The model. Stages of a day with unavoidable excess: 'excess' minimises Σ v_t alone; a number
 * caps Σ v_t at it and maximises revenue as usual.
 */
function buildModel(input: ScheduleInput, binaries: boolean, stage?: 'excess' | number): LpModel {
  const excessOnly = stage === 'excess';
  const frame = scheduleFrame(input);
  const { n, netKw } = frame;
  const lp = new LpModel();
  const limit = input.demandLimitKw;
  const penalty = limit === null ? 0 : demandPenalty(input, frame);
  const throughputCost = input.degradationCostPerKwh + tieBreakCostPerKwh(input);
  for (let t = 0; t < n; t++) {
    const net = netKw[t] ?? 0;
    const c = lp.variable(`c${t}`, 0, input.maxChargeKw);
    const d = lp.variable(`d${t}`, 0, input.maxDischargeKw);
    const s = lp.variable(`s${t + 1}`, t === n - 1 ? frame.endMinKwh : frame.loKwh, frame.hiKwh);
    const gp = lp.variable(`gp${t}`, 0, Number.POSITIVE_INFINITY);
    const gm = lp.variable(`gm${t}`, 0, input.exportAllowed ? Number.POSITIVE_INFINITY : Math.max(0, -net));
    if (!excessOnly) {
      lp.cost(gp, STEP_H * (frame.buy[t] ?? 0));
      lp.cost(gm, -STEP_H * (frame.sell[t] ?? 0));
      lp.cost(c, STEP_H * throughputCost);
      lp.cost(d, STEP_H * throughputCost);
    }

    const dynamics = new Map<string, number>();
    addTerm(dynamics, s, 1);
    if (t > 0) addTerm(dynamics, `s${t}`, -1);
    addTerm(dynamics, c, -input.etaCharge * STEP_H);
    addTerm(dynamics, d, STEP_H / input.etaDischarge);
    lp.row(`soc${t}`, dynamics, '=', t === 0 ? frame.startKwh : 0);

    const balance = new Map<string, number>();
    addTerm(balance, gp, 1);
    addTerm(balance, gm, -1);
    addTerm(balance, c, -1);
    addTerm(balance, d, 1);
    lp.row(`bal${t}`, balance, '=', net);

    if (binaries && Math.min(frame.buy[t] ?? 0, frame.sell[t] ?? 0) < 0) {
      const z = lp.binary(`z${t}`);
      const chargeOnly = new Map<string, number>();
      addTerm(chargeOnly, c, 1);
      addTerm(chargeOnly, z, -input.maxChargeKw);
      lp.row(`zc${t}`, chargeOnly, '<=', 0);
      const dischargeOnly = new Map<string, number>();
      addTerm(dischargeOnly, d, 1);
      addTerm(dischargeOnly, z, input.maxDischargeKw);
      lp.row(`zd${t}`, dischargeOnly, '<=', input.maxDischargeKw);
    }

    if (limit !== null) {
      const v = lp.variable(`v${t}`, 0, Number.POSITIVE_INFINITY);
      lp.cost(v, excessOnly ? 1 : STEP_H * penalty);
      const demand = new Map<string, number>();
      addTerm(demand, gp, 1);
      addTerm(demand, v, -1);
      lp.row(`dem${t}`, demand, '<=', limit);
    }
  }
  if (limit !== null && typeof stage === 'number') {
    const total = new Map<string, number>();
    for (let t = 0; t < n; t++) addTerm(total, `v${t}`, 1);
    lp.row('excess', total, '<=', stage);
  }
  return lp;
}

/**
 * The solver's powers replayed through the battery: netted per step, clipped to the power limits,
 * anti-backflow and the SOC window. For an exact optimum this changes nothing beyond float
 * noise; it only ever keeps more energy in the battery than the solution did, so the end target
 * still holds, and clipping never raises import above the limit.
 */
function replay(input: ScheduleInput, frame: ScheduleFrame, primal: Record<string, number>): number[] {
  let socKwh = frame.startKwh;
  const powerKw: number[] = [];
  for (let t = 0; t < frame.n; t++) {
    let p = (primal[`d${t}`] ?? 0) - (primal[`c${t}`] ?? 0);
    const dischargeCap = input.exportAllowed ? input.maxDischargeKw : Math.max(0, frame.netKw[t] ?? 0);
    p = Math.min(
      p,
      dischargeCap,
      input.maxDischargeKw,
      (Math.max(0, socKwh - frame.loKwh) * input.etaDischarge) / STEP_H,
    );
    p = Math.max(p, -input.maxChargeKw, -Math.max(0, frame.hiKwh - socKwh) / (input.etaCharge * STEP_H));
    socKwh += p < 0 ? -p * input.etaCharge * STEP_H : (-p * STEP_H) / input.etaDischarge;
    powerKw.push(p);
  }
  return powerKw;
}

/** The revenue-maximising schedule of the header comment. Throws if the model has no optimum. */
export async function optimiseSchedule(input: ScheduleInput): Promise<Schedule> {
  const frame = scheduleFrame(input);
  const solve = async (excessCap?: number): Promise<Record<string, number> | null> => {
    const model = buildModel(input, true, excessCap);
    return (await solveLp(model.text(), model.isMip)) ?? (await solveLp(buildModel(input, false, excessCap).text()));
  };
  let primal = await solve();
  if (!primal) throw new Error('schedule LP not solved: no solution');
  const limit = input.demandLimitKw;
  // Room for the solver's feasibility tolerance, far below any excess that matters.
  const slack = 1e-7 * Math.max(1, limit ?? 0);
  const excess = limit === null ? 0 : excessOf(primal, frame.n);
  if (excess > slack) {
    // Charging and discharging at once never lowers an import, so the excess stage needs no binaries.
    const least = await solveLp(buildModel(input, false, 'excess').text());
    const leastExcess = least ? excessOf(least, frame.n) : excess;
    if (leastExcess < excess - slack) primal = (await solve(leastExcess * (1 + 1e-9) + slack)) ?? primal;
  }
  return scheduleValue(input, replay(input, frame, primal));
}
