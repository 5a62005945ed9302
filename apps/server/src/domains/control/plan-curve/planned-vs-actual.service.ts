import { addDays, localDayStart, PLAN_STEPS, type PlannedVsActual, zonedInstant } from '@ess/contract';
import type { Db } from '../../../db/client';
import { assertStationInScope } from '../../../kernel/station-scope.service';
import type { SessionUser } from '../../../lib/types';
import { findTotalsDevice } from '../../monitoring/monitoring';
import { quarterBuckets } from '../../stations/point';
import { toLocalDays } from '../strategy';
import { type AcceptedPlan, acceptedPlans } from './plan-delivery.repository';
import { plannedSteps } from './plan-following';

const STEP_MIN = 1440 / PLAN_STEPS;
const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * Planned versus actual power of a station's local day. The plan of a step is the newest plan
 * the station's EMS accepted before the step ends (so the quarter in which a plan arrives
 * already shows it); its power is that of the segment holding the step's start, 0 outside the
 * segments, null before any plan. Actual power and SOC are the station totals' 15-minute averages.
 */
export class PlannedVsActualService {
  constructor(private readonly db: Db) {}

  async day(user: SessionUser, stationId: number, date: string): Promise<PlannedVsActual> {
    const station = await assertStationInScope(this.db, user, stationId);
    const tz = station.timezone;
    const from = localDayStart(date, tz);
    const to = localDayStart(addDays(date, 1), tz);
    const stepEnd = (s: number) => (s + 1 < PLAN_STEPS ? zonedInstant(date, (s + 1) * STEP_MIN, tz) : to);

    const plans = await acceptedPlans(this.db, station.id, from, to);
    const planAt = (end: number): AcceptedPlan | null => {
      let found: AcceptedPlan | null = null;
      for (const p of plans) if (p.since < end) found = p;
      return found;
    };
    const planned = plannedSteps(plans, date, tz);
    const inForce = new Map<number, AcceptedPlan>();
    for (let s = 0; s < PLAN_STEPS; s++) {
      const plan = planAt(stepEnd(s));
      if (plan) inForce.set(plan.deliveryId, plan);
    }

    const totals = await findTotalsDevice(this.db, station.id);
    const powerId = totals?.pointIds.storagePower;
    const socId = totals?.pointIds.soc;
    const ids = [powerId, socId].filter((id): id is number => id !== undefined);
    const rows = ids.length ? await quarterBuckets(this.db, ids, from, to - 1) : [];
    const series = (id: number | undefined): (number | null)[] => {
      const b = rows.find((r) => r.p === id)?.b ?? [];
      const days = toLocalDays(
        b.filter((x) => x[0] >= from && x[0] < to).map((x): [number, number] => [x[0], x[1]]),
        tz,
      );
      return days.get(date) ?? new Array<null>(PLAN_STEPS).fill(null);
    };

    return {
      stationId: station.id,
      date,
      timezone: tz,
      ratedPowerKw: station.ratedPowerKw,
      times: Array.from({ length: PLAN_STEPS }, (_, s) => hhmm(s * STEP_MIN)),
      planned,
      actual: series(powerId),
      soc: series(socId),
      plans: [...inForce.values()].map((p) => ({
        deliveryId: p.deliveryId,
        templateCode: p.templateCode,
        templateName: p.templateName,
        since: p.since,
      })),
    };
  }
}
