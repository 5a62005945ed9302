import type { DeviceModelDef, LayoutDevice, PlanCurveConfig } from '@ess/contract';
import { clamp } from '../physics/numeric';
import { MeanReverting, type Rng } from '../physics/random';
import { SourceClock } from '../station/control-arbiter';
import { activeOverride, OVERRIDE_S, type Override, type PointValues, type SimDevice } from './sim-device';

/** EMS-3000 `mode` codes. */
export const EMS_MODE = { manual: 0, strategy: 1, planCurve: 2, remoteDispatch: 3 } as const;

/**
 * Station EMS (能量管理系统): runs the default TOU schedule unless told otherwise (a station
 * `pSet` puts it in remote dispatch for a while; `runControl` 0 holds the storage idle).
 * Its CPU, memory and disk wander like a small Linux controller's: CPU in bursts when it
 * archives, memory creeping until a weekly restart, disk filling until logs rotate.
 */
export class Ems implements SimDevice {
  running = true;
  /** The automatic mode (`modeSet`, or a plan curve's arrival): what storage does without a setpoint. */
  selectedMode: number = EMS_MODE.strategy;
  /** The plan curve received last (`planCurve` command), followed in plan curve mode. */
  plan: PlanCurveConfig | null = null;
  /** Who is in control of the station now and since when (the EMS's decision, set each step). */
  readonly control = new SourceClock(0);
  private override: Override | null = null;
  private readonly cpuNoise: MeanReverting;
  private readonly memNoise: MeanReverting;
  private cpuBurstS = 0;
  private memLeak = 0;
  private disk: number;
  private t = new Date(0);

  constructor(
    readonly layout: LayoutDevice,
    readonly model: DeviceModelDef,
    readonly stationRatedKw: number,
    private readonly rng: Rng,
  ) {
    this.cpuNoise = new MeanReverting(120, 4, rng);
    this.memNoise = new MeanReverting(1800, 1.5, rng);
    this.disk = 30 + 20 * rng();
  }

  /** The station `pSet` while it is in force (> 0 discharge). */
  overrideKw(t: Date): number | null {
    return activeOverride(this.override, t);
  }

  pointRange(code: string): { min: number; max: number } | undefined {
    return code === 'pSet' ? { min: -this.stationRatedKw, max: this.stationRatedKw } : undefined;
  }

  /**
   * A plan curve the EMS accepted: it is followed from now on, until another mode is set. It
   * releases the station `pSet` (the station's own unit setpoints are released by the model).
   */
  acceptPlan(plan: PlanCurveConfig): void {
    this.plan = plan;
    this.selectedMode = EMS_MODE.planCurve;
    this.override = null;
  }

  apply(code: string, value: number, t: Date): void {
    if (code === 'modeSet') this.selectedMode = value;
    if (code === 'pSet') this.override = { kw: value, untilMs: t.getTime() + OVERRIDE_S * 1000 };
    if (code === 'runControl') {
      this.running = value === 1;
      if (!this.running) this.override = null;
    }
  }

  step(dtS: number, t: Date): void {
    this.t = t;
    this.cpuNoise.step(dtS);
    this.memNoise.step(dtS);
    this.cpuBurstS = Math.max(0, this.cpuBurstS - dtS);
    if (this.rng() < dtS / 3600) this.cpuBurstS = 60 + 120 * this.rng();
    this.memLeak += dtS / (7 * 86_400);
    if (this.memLeak > 1) this.memLeak = 0;
    this.disk += (0.4 * dtS) / 86_400;
    if (this.disk > 70) this.disk = 40 + 5 * this.rng();
  }

  readings(): PointValues {
    let mode = this.selectedMode;
    if (!this.running) mode = EMS_MODE.manual;
    else if (this.overrideKw(this.t) !== null) mode = EMS_MODE.remoteDispatch;
    const burst = this.cpuBurstS > 0 ? 35 : 0;
    return {
      cpu: clamp(14 + burst + this.cpuNoise.value, 2, 98),
      mem: clamp(38 + 14 * this.memLeak + this.memNoise.value, 10, 95),
      disk: clamp(this.disk, 1, 99),
      mode,
      ...this.control.readings(),
    };
  }
}
