/**
 * The peak shaving / valley filling rule a station runs without optimisation (domain.md), as the
 * fair baseline for the optimiser's uplift:
 *
 * - Dear steps are those priced above the middle of the day's price range (with a TOU tariff:
 *   the peak and sharp periods); each run of dear steps is a discharge block. A flat price has
 *   no dear steps, so the rule does not cycle.
 * - Before each block the battery is filled, from the cheapest sources of the gap since the
 *   previous block (PV surplus at its export price first, then grid steps by rank of buy price),
 *   only with energy that pays: cost + degradation < (block's mean price − degradation)·η_c·η_d,
 *   and no more than the block can discharge (two peaks give two cycles, as in eastern provinces).
 * - In a block the energy goes to its dearest steps first, at up to full power, down to socMin.
 * - After the last block the battery is charged, cheapest first, only to reach socEndMin.
 * - Every step: charging never pushes grid import above the demand limit; an import above the
 *   limit is shaved by discharging; discharge never exceeds load − pv where export is forbidden
 *   (nor where the export price does not pay); discharge keeps the SOC the remaining steps need
 *   to reach socEndMin, and the battery charges when it must to still reach it.
 */
import { type ScheduleFrame, scheduleFrame } from './schedule-input';
import { type Schedule, type ScheduleInput, STEP_H } from './schedule-types';
import { scheduleValue } from './schedule-value';

type Segment = { kind: 'gap' | 'block' | 'tail'; start: number; end: number };

/** Gaps, blocks of dear steps and the tail after the last block, in time order. */
function segments(dear: boolean[]): Segment[] {
  const out: Segment[] = [];
  let start = 0;
  for (let t = 1; t <= dear.length; t++) {
    if (t === dear.length || dear[t] !== dear[start]) {
      out.push({ kind: dear[start] ? 'block' : 'gap', start, end: t });
      start = t;
    }
  }
  const last = out.at(-1);
  if (last && last.kind === 'gap') last.kind = 'tail';
  return out;
}

class RuleRun {
  readonly frame: ScheduleFrame;
  readonly n: number;
  readonly etaRound: number;
  readonly deg: number;
  readonly chargeCap: number[];
  readonly dischargeCap: number[];
  /** Least SOC (kWh) at each time from which charging at chargeCap still reaches the end target. */
  readonly reserve: number[];
  readonly plan: number[];
  socKwh: number;

  constructor(readonly input: ScheduleInput) {
    const frame = scheduleFrame(input);
    this.frame = frame;
    this.n = frame.n;
    this.etaRound = input.etaCharge * input.etaDischarge;
    this.deg = input.degradationCostPerKwh;
    const limit = input.demandLimitKw;
    const minBuy = Math.min(...frame.buy);
    this.chargeCap = frame.netKw.map((net) =>
      Math.min(input.maxChargeKw, limit === null ? Number.POSITIVE_INFINITY : Math.max(0, limit - net)),
    );
    this.dischargeCap = frame.netKw.map((net, t) => {
      const exportPays =
        input.exportAllowed && (frame.sell[t] ?? 0) * this.etaRound - this.deg * (1 + this.etaRound) > minBuy;
      return Math.min(input.maxDischargeKw, exportPays ? Number.POSITIVE_INFINITY : Math.max(0, net));
    });
    this.reserve = new Array<number>(this.n + 1).fill(frame.endMinKwh);
    for (let t = this.n - 1; t >= 0; t--) {
      const next = this.reserve[t + 1] ?? frame.endMinKwh;
      this.reserve[t] = Math.max(frame.loKwh, next - input.etaCharge * (this.chargeCap[t] ?? 0) * STEP_H);
    }
    this.plan = new Array<number>(this.n).fill(0);
    this.socKwh = frame.startKwh;
  }

  /** Plans charging in [start, end) to add `neededKwh` of SOC from sources cheaper than `maxCost` per kWh. */
  planCharge(start: number, end: number, neededKwh: number, maxCost: number): void {
    const sources: { t: number; cost: number; kw: number }[] = [];
    for (let t = start; t < end; t++) {
      const cap = this.chargeCap[t] ?? 0;
      const surplus = Math.min(cap, Math.max(0, -(this.frame.netKw[t] ?? 0)));
      if (surplus > 0) sources.push({ t, cost: this.frame.sell[t] ?? 0, kw: surplus });
      if (cap > surplus) sources.push({ t, cost: this.frame.buy[t] ?? 0, kw: cap - surplus });
    }
    sources.sort((a, b) => a.cost - b.cost || a.t - b.t);
    let left = neededKwh;
    for (const s of sources) {
      if (left <= 0 || s.cost >= maxCost) break;
      const kw = Math.min(s.kw, left / (this.input.etaCharge * STEP_H));
      this.plan[s.t] = (this.plan[s.t] ?? 0) - kw;
      left -= kw * this.input.etaCharge * STEP_H;
    }
  }

  /** Plans discharging the SOC above the block's floor into the block's dearest steps. */
  planBlock(seg: Segment): void {
    const floor = Math.max(this.frame.loKwh, this.reserve[seg.end] ?? this.frame.loKwh);
    let left = this.socKwh - floor;
    const steps = [];
    for (let t = seg.start; t < seg.end; t++) steps.push(t);
    steps.sort((a, b) => (this.frame.buy[b] ?? 0) - (this.frame.buy[a] ?? 0) || a - b);
    for (const t of steps) {
      if (left <= 0) break;
      const kw = Math.min(this.dischargeCap[t] ?? 0, (left * this.input.etaDischarge) / STEP_H);
      this.plan[t] = kw;
      left -= (kw * STEP_H) / this.input.etaDischarge;
    }
  }

  planGap(seg: Segment, block: Segment): void {
    let blockPrice = 0;
    let blockKwh = 0;
    for (let t = block.start; t < block.end; t++) {
      blockPrice += this.frame.buy[t] ?? 0;
      blockKwh += ((this.dischargeCap[t] ?? 0) * STEP_H) / this.input.etaDischarge;
    }
    blockPrice /= block.end - block.start;
    const floor = Math.max(this.frame.loKwh, this.reserve[block.end] ?? this.frame.loKwh);
    const target = Math.min(this.frame.hiKwh, floor + blockKwh);
    const maxCost = (blockPrice - this.deg) * this.etaRound - this.deg;
    this.planCharge(seg.start, seg.end, target - this.socKwh, maxCost);
  }

  /** Runs step t: the plan, then the limits, demand shaving and the end reserve. */
  step(t: number): number {
    const { input, frame } = this;
    const net = frame.netKw[t] ?? 0;
    let p = this.plan[t] ?? 0;
    if (input.demandLimitKw !== null && net - p > input.demandLimitKw) p = net - input.demandLimitKw;
    const floor = Math.max(frame.loKwh, this.reserve[t + 1] ?? frame.loKwh);
    const maxDischarge = Math.min(
      this.dischargeCap[t] ?? 0,
      Math.max(0, ((this.socKwh - floor) * input.etaDischarge) / STEP_H),
    );
    const maxCharge = Math.min(
      input.maxChargeKw,
      Math.max(0, (frame.hiKwh - this.socKwh) / (input.etaCharge * STEP_H)),
    );
    p = Math.max(-maxCharge, Math.min(maxDischarge, p));
    const mustCharge = ((this.reserve[t + 1] ?? 0) - this.socKwh) / (input.etaCharge * STEP_H);
    if (mustCharge > 0) p = Math.min(p, -Math.min(mustCharge, this.chargeCap[t] ?? 0, maxCharge));
    this.socKwh += p < 0 ? -p * input.etaCharge * STEP_H : (-p * STEP_H) / input.etaDischarge;
    return p;
  }

  run(): number[] {
    const dearLevel = (Math.min(...this.frame.buy) + Math.max(...this.frame.buy)) / 2;
    const dear = this.frame.buy.map((b) => b > dearLevel);
    const segs = segments(dear);
    const power: number[] = [];
    segs.forEach((seg, i) => {
      const next = segs[i + 1];
      if (seg.kind === 'block') this.planBlock(seg);
      else if (seg.kind === 'gap' && next) this.planGap(seg, next);
      else this.planCharge(seg.start, seg.end, this.frame.endMinKwh - this.socKwh, Number.POSITIVE_INFINITY);
      for (let t = seg.start; t < seg.end; t++) power.push(this.step(t));
    });
    return power;
  }
}

/** The rule-based schedule of the header comment on the same input as the optimiser. */
export function ruleSchedule(input: ScheduleInput): Schedule {
  return scheduleValue(input, new RuleRun(input).run());
}
