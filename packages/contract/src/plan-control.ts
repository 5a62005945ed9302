import { z } from 'zod';
import { CONTROL_SOURCES } from './control-source';
import { rowId } from './ids';
import { PLAN_CURVE_LIMITS, type PlanCurveSegment } from './plan-curve';

/**
 * Plan curves and the control precedence (docs/control-precedence.md): what a delivery will
 * override or be refused by, told before it is sent; and whether a delivered plan is running.
 */

export const planDeliverCheckBody = z.object({
  stationIds: z.array(rowId).min(1).max(PLAN_CURVE_LIMITS.stations),
});
export type PlanDeliverCheckBody = z.input<typeof planDeliverCheckBody>;

const controlSource = z.enum(CONTROL_SOURCES);

/** One station before a delivery: who is in control, what the plan would release, or why it is refused. */
export const planDeliverCheckStation = z.object({
  stationId: z.number().int(),
  stationName: z.string(),
  /** The station's source now (null: its EMS never reported one) and since when (epoch ms). */
  controlSource: controlSource.nullable(),
  controlSince: z.number().nullable(),
  /** Why the station will refuse the plan (in the caller's language); null when it would take it. */
  refused: z.string().nullable(),
  /** Devices whose source the accepted plan clears (remote setpoints): the operator confirms this. */
  releases: z.array(z.object({ deviceId: z.number().int(), deviceName: z.string(), source: controlSource })),
});
export type PlanDeliverCheckStation = z.infer<typeof planDeliverCheckStation>;
export const planDeliverCheck = z.array(planDeliverCheckStation);

// ---------- dispatch deviation (one figure: the alarm and the run reviews score it alike) ----------

/**
 * What the plan asks of the station at a moment: the segment's power, or 0 outside the segments
 * and where the segment's SOC window stops it (no discharge at or below socMin, no charge at or
 * above socMax), as the EMS follows it.
 */
export function plannedPowerKw(segment: PlanCurveSegment | null, socPct: number | null): number {
  if (!segment) return 0;
  if (socPct !== null && segment.powerKw > 0 && socPct <= segment.socMin) return 0;
  if (socPct !== null && segment.powerKw < 0 && socPct >= segment.socMax) return 0;
  return segment.powerKw;
}

/** The dispatch deviation, kW: how far actual storage power (> 0 discharge) is from the plan. */
export const dispatchDeviationKw = (plannedKw: number, actualKw: number): number => Math.abs(actualKw - plannedKw);

/** Defaults of the dispatch deviation alarm: off by more than 10 % of rated power for 5 minutes. */
export const DISPATCH_DEVIATION_DEFAULTS = { pct: 10, minutes: 5 } as const;

/** The deviation allowed: a share (%) of the station's rated power. */
export const deviationToleranceKw = (ratedPowerKw: number, pct: number): number => (ratedPowerKw * pct) / 100;
