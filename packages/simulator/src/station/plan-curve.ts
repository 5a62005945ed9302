import { type PlanCurveConfig, planCurveConfig, planSegmentAt, planSegmentsProblem } from '@ess/contract';
import type { UnitBounds } from './storage-dispatch';

export type PlanAcceptance = { plan: PlanCurveConfig } | { error: string };

/**
 * A `planCurve` command's config as the EMS checks it: the protocol's schema, then the same
 * rules as the platform's templates (no overlap, start before end, SOC window, ranges). An
 * invalid plan is refused with the first problem and the plan in force stays.
 */
export function parsePlanCurve(config: unknown): PlanAcceptance {
  if (config === undefined) return { error: 'no config in the command' };
  const r = planCurveConfig.safeParse(config);
  if (!r.success) {
    const issue = r.error.issues[0];
    const where = issue?.path.join('.') || '(root)';
    return { error: `invalid plan curve: ${where}: ${issue?.message ?? 'invalid'}`.slice(0, 500) };
  }
  const problem = planSegmentsProblem(r.data.segments);
  return problem ? { error: `invalid plan curve: ${problem}` } : { plan: r.data };
}

/**
 * One step of a plan curve at local `minuteOfDay`: the station target is the segment's power
 * (0 outside the segments), and each unit keeps to the segment's SOC window: no discharge at or
 * below `socMin`, no charge at or above `socMax`. Power ratings and the SOC taper stay in the
 * bounds (the storage dispatch shares the target within them).
 */
export function planCurveStep(
  plan: PlanCurveConfig | null,
  minuteOfDay: number,
  units: readonly { soc: number }[],
  bounds: readonly UnitBounds[],
): { targetKw: number; bounds: UnitBounds[] } {
  const segment = plan ? planSegmentAt(plan.segments, minuteOfDay) : null;
  if (!segment) return { targetKw: 0, bounds: [...bounds] };
  return {
    targetKw: segment.powerKw,
    bounds: bounds.map((b, i) => {
      const soc = units[i]?.soc ?? 0;
      return {
        ...b,
        dischargeKw: soc <= segment.socMin ? 0 : b.dischargeKw,
        chargeKw: soc >= segment.socMax ? 0 : b.chargeKw,
      };
    }),
  };
}
