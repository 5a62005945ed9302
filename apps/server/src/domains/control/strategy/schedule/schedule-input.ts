import type { ScheduleInput } from './schedule-types';

/** What every schedule function derives from an input: net load, the export price, SOC limits in kWh. */
export type ScheduleFrame = {
  n: number;
  /** load − pv per step, kW. */
  netKw: number[];
  buy: number[];
  /**
   * Price earned per kWh exported: 0 where export is forbidden (the PV surplus is curtailed or
   * unpaid), and never above the buy price of the same step — one meter nets import and export, and
   * a higher export price would make the bill non-convex (import and export at once to earn).
   */
  sell: number[];
  /** SOC limits in kWh; a start outside [socMin, socMax] widens them to the start, never further. */
  loKwh: number;
  hiKwh: number;
  startKwh: number;
  endMinKwh: number;
};

const finite = (name: string, x: number): void => {
  if (!Number.isFinite(x)) throw new Error(`schedule input: ${name} is not a finite number`);
};

/** Checks an input and derives its frame; throws an Error naming the first bad field. */
export function scheduleFrame(input: ScheduleInput): ScheduleFrame {
  const n = input.buyPrice.length;
  if (n === 0) throw new Error('schedule input: no steps');
  const series: [string, number[] | undefined][] = [
    ['buyPrice', input.buyPrice],
    ['sellPrice', input.sellPrice],
    ['loadKw', input.loadKw],
    ['pvKw', input.pvKw],
  ];
  for (const [name, values] of series) {
    if (!values) continue;
    if (values.length !== n) throw new Error(`schedule input: ${name} has ${values.length} steps, buyPrice has ${n}`);
    for (const [t, v] of values.entries()) finite(`${name}[${t}]`, v);
  }
  const scalars = {
    capacityKwh: input.capacityKwh,
    maxChargeKw: input.maxChargeKw,
    maxDischargeKw: input.maxDischargeKw,
    etaCharge: input.etaCharge,
    etaDischarge: input.etaDischarge,
    socMin: input.socMin,
    socMax: input.socMax,
    soc0: input.soc0,
    socEndMin: input.socEndMin,
    degradationCostPerKwh: input.degradationCostPerKwh,
  };
  for (const [name, v] of Object.entries(scalars)) finite(name, v);
  if (input.capacityKwh <= 0) throw new Error('schedule input: capacityKwh must be > 0');
  if (input.maxChargeKw < 0 || input.maxDischargeKw < 0) throw new Error('schedule input: power limits must be ≥ 0');
  if (!(input.etaCharge > 0 && input.etaCharge <= 1 && input.etaDischarge > 0 && input.etaDischarge <= 1)) {
    throw new Error('schedule input: efficiencies must lie in (0, 1]');
  }
  for (const name of ['socMin', 'socMax', 'soc0', 'socEndMin'] as const) {
    if (input[name] < 0 || input[name] > 1) throw new Error(`schedule input: ${name} must lie in 0..1`);
  }
  if (input.socMin > input.socMax) throw new Error('schedule input: socMin above socMax');
  if (input.degradationCostPerKwh < 0) throw new Error('schedule input: degradationCostPerKwh must be ≥ 0');
  if (input.demandLimitKw !== null) {
    finite('demandLimitKw', input.demandLimitKw);
    if (input.demandLimitKw < 0) throw new Error('schedule input: demandLimitKw must be ≥ 0');
  }
  const e = input.capacityKwh;
  const loKwh = Math.min(input.socMin, input.soc0) * e;
  const hiKwh = Math.max(input.socMax, input.soc0) * e;
  if (input.socEndMin * e > hiKwh) throw new Error('schedule input: socEndMin above socMax');
  const netKw = input.loadKw.map((load, t) => load - (input.pvKw[t] ?? 0));
  const buy = input.buyPrice;
  const sell = buy.map((b, t) => (input.exportAllowed ? Math.min(input.sellPrice?.[t] ?? 0, b) : Math.min(0, b)));
  return {
    n,
    netKw,
    buy,
    sell,
    loKwh,
    hiKwh,
    startKwh: input.soc0 * e,
    endMinKwh: Math.max(input.socEndMin * e, loKwh),
  };
}

/** The bill of one step for a grid power (kW): import at the buy price, export credited at the sell price. */
export const stepBill = (frame: ScheduleFrame, t: number, gridKw: number, stepH: number): number =>
  stepH * (gridKw >= 0 ? (frame.buy[t] ?? 0) * gridKw : (frame.sell[t] ?? 0) * gridKw);
