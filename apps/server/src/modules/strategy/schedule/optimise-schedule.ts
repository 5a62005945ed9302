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
 * unavoidable one keeps the model feasible and is reported as demandViolationKw. Charging and
 * discharging in the same step loses (1 − η_c·η_d) of the energy and pays degradation twice, so
 * it never pays at non-negative prices; it can tie where energy is free (PV surplus that would be
 * curtailed, no degradation cost), so a tie-break cost ε per kWh of throughput (far below any
 * price) makes it strictly worse. A remaining overlap (negative prices) is folded into the single
 * net power that keeps the same SOC path. Revenue is then evaluated by scheduleValue: bill without storage
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

/** The LP of the header comment as text. */
export function scheduleModel(input: ScheduleInput): string {
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
    lp.cost(gp, STEP_H * (frame.buy[t] ?? 0));
    lp.cost(gm, -STEP_H * (frame.sell[t] ?? 0));
    lp.cost(c, STEP_H * throughputCost);
    lp.cost(d, STEP_H * throughputCost);

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

    if (limit !== null) {
      const v = lp.variable(`v${t}`, 0, Number.POSITIVE_INFINITY);
      lp.cost(v, STEP_H * penalty);
      const demand = new Map<string, number>();
      addTerm(demand, gp, 1);
      addTerm(demand, v, -1);
      lp.row(`dem${t}`, demand, '<=', limit);
    }
  }
  return lp.text();
}

/**
 * One net power per step from the LP's charge and discharge: where both are positive (a tie the
 * solver may pick), the single power that moves the SOC by the same amount.
 */
function netPower(input: ScheduleInput, c: number, d: number): number {
  if (c <= 0 || d <= 0) return d - c;
  const socRate = input.etaCharge * c - d / input.etaDischarge;
  return socRate >= 0 ? -socRate / input.etaCharge : -socRate * input.etaDischarge;
}

/** The revenue-maximising schedule of the header comment. Throws if the model has no optimum. */
export async function optimiseSchedule(input: ScheduleInput): Promise<Schedule> {
  const text = scheduleModel(input);
  const primal = await solveLp(text);
  const n = input.buyPrice.length;
  const powerKw: number[] = [];
  for (let t = 0; t < n; t++) {
    // The solver's bounds hold within its feasibility tolerance: clip into the exact limits.
    const c = Math.min(input.maxChargeKw, Math.max(0, primal[`c${t}`] ?? 0));
    const d = Math.min(input.maxDischargeKw, Math.max(0, primal[`d${t}`] ?? 0));
    powerKw.push(netPower(input, c, d));
  }
  return scheduleValue(input, powerKw);
}
