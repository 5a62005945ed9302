import { addDays, localDayStart, PLAN_STEPS, type PlanCurveSegment, planSegmentAt, zonedInstant } from '@ess/contract';
import type { Db } from '../../../db/client';
import { findTotalsDevice } from '../../monitoring/monitoring';
import { quarterBuckets } from '../../stations/point';
import type { StationRow } from '../../stations/station';
import { toLocalDays } from '../strategy';
import { type AcceptedPlan, acceptedPlans, insertDelivery, insertDeliveryStation } from './plan-delivery.repository';

const STEP_MIN = 1440 / PLAN_STEPS;

/**
 * The planned power of each quarter hour of a station's local day: the newest plan the EMS
 * accepted before the step ends, the segment holding the step's start (0 outside), null before
 * any plan. `plans` are the station's accepted plans by time (acceptedPlans).
 */
export function plannedSteps(plans: AcceptedPlan[], date: string, tz: string): (number | null)[] {
  const to = localDayStart(addDays(date, 1), tz);
  const stepEnd = (s: number) => (s + 1 < PLAN_STEPS ? zonedInstant(date, (s + 1) * STEP_MIN, tz) : to);
  return Array.from({ length: PLAN_STEPS }, (_, s) => {
    let plan: AcceptedPlan | null = null;
    for (const p of plans) if (p.since < stepEnd(s)) plan = p;
    return plan ? (planSegmentAt(plan.segments, s * STEP_MIN)?.powerKw ?? 0) : null;
  });
}

/** How closely a station followed its plans: quarter hours with a plan and a reading, and those within tolerance. */
export type PlanFollowing = { quarters: number; within: number };

/**
 * Plan versus actual over local days [from, to]: each quarter hour with an accepted plan and a
 * storage power reading counts, and it is within when |actual − planned| is at most `tolerancePct`
 * of the rated power — the dispatch deviation's own figure (docs/control-precedence.md).
 */
export async function planFollowing(
  db: Db,
  station: Pick<StationRow, 'id' | 'timezone' | 'ratedPowerKw'>,
  from: string,
  to: string,
  tolerancePct: number,
): Promise<PlanFollowing> {
  const tz = station.timezone;
  const start = localDayStart(from, tz);
  const end = localDayStart(addDays(to, 1), tz);
  const plans = await acceptedPlans(db, station.id, start, end);
  if (plans.length === 0) return { quarters: 0, within: 0 };
  const powerId = (await findTotalsDevice(db, station.id))?.pointIds.storagePower;
  if (powerId === undefined) return { quarters: 0, within: 0 };
  const rows = await quarterBuckets(db, [powerId], start, end - 1);
  const days = toLocalDays(
    (rows.find((r) => r.p === powerId)?.b ?? []).map((x): [number, number] => [x[0], x[1]]),
    tz,
  );
  const tolerance = (station.ratedPowerKw * tolerancePct) / 100;
  let quarters = 0;
  let within = 0;
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const actual = days.get(date);
    if (!actual) continue;
    plannedSteps(plans, date, tz).forEach((planned, s) => {
      const a = actual[s];
      if (planned === null || a === null || a === undefined) return;
      quarters++;
      if (Math.abs(a - planned) <= tolerance) within++;
    });
  }
  return { quarters, within };
}

/**
 * A plan sent to a station outside the plan-curve pages (a hosted day), recorded as a delivery
 * of its own: the delivery history, planned versus actual, the deviation check and the run
 * reviews see it like any other.
 */
export async function recordPlanDelivery(
  db: Db,
  d: {
    stationId: number;
    commandId: number;
    code: string;
    name: string;
    version: number;
    segments: PlanCurveSegment[];
    issuedBy: number;
  },
): Promise<number> {
  const deliveryId = await insertDelivery(db, {
    templateId: null,
    templateCode: d.code,
    templateName: d.name,
    templateModifyTime: d.version,
    segments: d.segments,
    issuedBy: d.issuedBy,
  });
  await insertDeliveryStation(db, { deliveryId, stationId: d.stationId, commandId: d.commandId, refused: null });
  return deliveryId;
}
