import type { TouPeriod } from '@ess/contract';
import type { StrategyParams } from './station-profile';
import { type TouWindow, windowAt } from './tou-schedule';

/** What the planner needs of a storage unit. */
export type PlanUnit = { ratedKw: number; usableKwh: number; chargeableKwh: number; dischargeableKwh: number };

/** The plan is set per quarter hour, like a 96-point plan curve. */
const QUARTER_MIN = 15;
/** Price rank of a period within a window: the best hours get the energy first. */
const DISCHARGE_RANK: Partial<Record<TouPeriod, number>> = { sharp: 0, peak: 1 };
const CHARGE_RANK: Partial<Record<TouPeriod, number>> = { deepValley: 0, valley: 1, flat: 2 };
/** At most this share of a window is spent waiting (delay and margin). */
const MAX_SLACK_SHARE = 0.25;

/**
 * The station EMS's TOU strategy: in each window it plans a constant power per quarter hour
 * that moves the energy the batteries can give (or take) within the station's SOC window
 * through the rest of the window, best-priced hours first (sharp before peak, deep valley
 * before valley), from `chargeDelayMin` after a charge window opens to `chargeMarginMin`
 * before it closes. A discharge keeps `reservePct` of the capacity for demand shaving.
 * Re-planned every quarter hour from the SOC reached, so a trimmed quarter (anti-backflow,
 * demand limit) is made up later.
 */
export class TouPlanner {
  private kw = 0;
  private untilMs = Number.NEGATIVE_INFINITY;

  constructor(
    readonly windows: TouWindow[],
    readonly strategy: StrategyParams,
  ) {}

  /** Planned station power (> 0 discharge) at local `minuteOfDay` of instant `tMs`. */
  plan(minuteOfDay: number, tMs: number, units: readonly PlanUnit[]): number {
    if (tMs < this.untilMs) return this.kw;
    const { kw, minutes } = this.compute(minuteOfDay, units);
    this.kw = kw;
    this.untilMs = tMs + Math.max(1e-3, minutes) * 60_000 - 1;
    return kw;
  }

  /** Forgets the plan in force (a command ended, the station restarted). */
  reset(): void {
    this.untilMs = Number.NEGATIVE_INFINITY;
  }

  private compute(minuteOfDay: number, units: readonly PlanUnit[]): { kw: number; minutes: number } {
    const toQuarter = QUARTER_MIN - (minuteOfDay % QUARTER_MIN);
    const at = windowAt(this.windows, minuteOfDay);
    if (!at || at.window.intent === 'idle')
      return { kw: 0, minutes: at ? Math.min(toQuarter, at.window.length - at.offset) : toQuarter };
    const { window: w, offset } = at;
    const s = this.strategy;
    const charge = w.intent === 'charge';
    let delay = charge ? s.chargeDelayMin : s.dischargeDelayMin;
    let margin = charge ? s.chargeMarginMin : 0;
    if (delay + margin > MAX_SLACK_SHARE * w.length) {
      const f = (MAX_SLACK_SHARE * w.length) / (delay + margin);
      delay *= f;
      margin *= f;
    }
    const from = delay;
    const to = w.length - margin;
    const edge = (x: number) => (x > offset ? x - offset : Number.POSITIVE_INFINITY);
    const nextEdge = Math.min(toQuarter, edge(from), edge(to), w.length - offset, ...w.parts.map((p) => edge(p.to)));
    if (offset < from || offset >= to) return { kw: 0, minutes: nextEdge };

    const rank = charge ? CHARGE_RANK : DISCHARGE_RANK;
    const hours = new Map<number, number>();
    let current: number | undefined;
    for (const p of w.parts) {
      const r = rank[p.period];
      if (r === undefined) continue;
      const h = Math.max(0, Math.min(p.to, to) - Math.max(p.from, offset)) / 60;
      hours.set(r, (hours.get(r) ?? 0) + h);
      if (offset >= p.from && offset < p.to) current = r;
    }
    if (current === undefined) return { kw: 0, minutes: nextEdge };
    const ratedKw = units.reduce((sum, u) => sum + u.ratedKw, 0);
    const capKw = s.style === 'fixed' ? s.fixedShare * ratedKw : ratedKw;
    const reserveKwh = charge ? 0 : (s.reservePct / 100) * units.reduce((sum, u) => sum + u.usableKwh, 0);
    let energy = Math.max(
      0,
      units.reduce((sum, u) => sum + (charge ? u.chargeableKwh : u.dischargeableKwh), 0) - reserveKwh,
    );
    let kw = 0;
    for (const r of [...hours.keys()].sort((a, b) => a - b)) {
      const h = hours.get(r) ?? 0;
      const p = h > 0 ? Math.min(capKw, energy / h) : 0;
      // Fixed power: the rank's energy at full power from now, in this quarter as far as it goes.
      if (r === current) kw = s.style === 'fixed' ? Math.min(capKw, (p * h) / Math.min(h, QUARTER_MIN / 60)) : p;
      energy -= p * h;
    }
    const step = s.powerStepKw;
    const rounded = kw < step / 4 ? 0 : Math.min(capKw, Math.ceil(kw / step) * step);
    return { kw: charge && rounded > 0 ? -rounded : rounded, minutes: nextEdge };
  }
}
