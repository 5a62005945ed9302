import { DEFAULT_METER_CONNECTION, type MeterConnection, type MeterRole, PT_SECONDARY_V } from '@ess/contract';
import type { SiteEnvironment } from './site-environment';

/** Nominal phase voltages: 10 kV line on the feeder, 400 V line on the site's bus. */
export const MV_PHASE_V = 10_000 / Math.sqrt(3);
export const LV_PHASE_V = 400 / Math.sqrt(3);
/** Voltage transformer of a medium-voltage meter: 10 kV / 100 V. */
export const PT_RATIO = 10_000 / PT_SECONDARY_V;
/** The feeder's wander comes from the site environment's grid voltage (nominal 230 V). */
const ENV_NOMINAL_V = 230;
/** Transformer short-circuit resistance and reactance, per unit of its rating. */
const TRANSFORMER_R = 0.01;
const TRANSFORMER_X = 0.05;
/** Cable rise (> 0) or drop at each low-voltage position at full flow, per unit. */
const CABLE_PU = { storage: 0.01, pv: 0.012, load: -0.008 } as const;

export type SiteGridOptions = {
  transformerKva: number;
  /** The gateway meter on the 10 kV side behind voltage and current transformers, or on the 400 V bus. */
  gatewayAt: 'mv' | 'lv';
  ctRatio: number;
  mvOffsetPu: number;
  lvOffsetPu: number;
  /** Full flows of the low-voltage positions, kW (cable drops scale with them). */
  storageKw: number;
  pvKwp: number;
  loadKw: number;
};

/**
 * How the meter in `role` is connected, as the platform configures it (meter-connection.ts):
 * a gateway meter on the 10 kV side behind a 10000/100 PT and its CT; every other meter on
 * the 400 V bus, read directly.
 */
export function meterConnection(role: MeterRole, o: Pick<SiteGridOptions, 'gatewayAt' | 'ctRatio'>): MeterConnection {
  if (role === 'gateway' && o.gatewayAt === 'mv')
    return { nominalVoltageV: 10_000, ptRatio: PT_RATIO, ctRatio: o.ctRatio };
  return DEFAULT_METER_CONNECTION;
}

/** What an instrument sees at its terminals: phase voltage and the factor its current is divided by. */
export type Terminals = { phaseV: number; primaryPhaseV: number; currentRatio: number };

/**
 * The site's electrical levels: the 10 kV feeder (operated a little above nominal), the
 * transformer to the 400 V bus (its tap sets the no-load level; import pulls it down,
 * export lifts it), and each low-voltage position's cable rise or drop with its own flow.
 * A medium-voltage gateway meter measures through a 10 kV/100 V voltage transformer and a
 * current transformer, as a 高供高计 gateway meter does (3×57.7/100 V, 3×1.5(6) A inputs);
 * power and energy are primary values (the meter applies both ratios).
 */
export class SiteGrid {
  mvPu = 1;
  lvPu = 1;

  constructor(
    private readonly env: SiteEnvironment,
    readonly o: SiteGridOptions,
  ) {}

  /** Updates the levels from the station's grid flow (kW > 0 import, kVar). */
  update(gridKw: number, gridKvar: number): void {
    const wander = this.env.phaseVoltageV / ENV_NOMINAL_V - 1;
    this.mvPu = 1 + this.o.mvOffsetPu + wander;
    const drop = (TRANSFORMER_R * gridKw + TRANSFORMER_X * gridKvar) / this.o.transformerKva;
    this.lvPu = 1 + this.o.lvOffsetPu + wander - drop;
  }

  /** The terminals of the meter in `role` carrying `flowKw` (in its own sign convention). */
  meter(role: MeterRole, flowKw: number): Terminals {
    if (role === 'gateway') {
      const c = meterConnection(role, this.o);
      if (c.ptRatio !== 1) {
        const primary = MV_PHASE_V * this.mvPu;
        return { phaseV: primary / c.ptRatio, primaryPhaseV: primary, currentRatio: c.ctRatio };
      }
      return this.lv(this.lvPu);
    }
    const full = role === 'storage' ? this.o.storageKw : role === 'pv' ? this.o.pvKwp : this.o.loadKw;
    return this.lv(this.lvPu + (CABLE_PU[role] * flowKw) / Math.max(1, full));
  }

  /** A converter's AC terminals (PCS): the bus with its own cable's rise while discharging. */
  converter(flowKw: number, ratedKw: number): Terminals {
    return this.lv(this.lvPu + (CABLE_PU.storage * flowKw) / Math.max(1, ratedKw));
  }

  private lv(pu: number): Terminals {
    const v = LV_PHASE_V * pu;
    return { phaseV: v, primaryPhaseV: v, currentRatio: 1 };
  }
}
