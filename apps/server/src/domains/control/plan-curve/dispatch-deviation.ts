import {
  deviationToleranceKw,
  dispatchDeviationKw,
  localParts,
  type PlanCurveSegment,
  plannedPowerKw,
  planSegmentAt,
} from '@ess/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { withJobLock } from '../../../kernel/job-lock';
import type { TelemetryBus } from '../../../kernel/telemetry-bus';
import { insertRaised, pushChanges, recoverKeys, stationsWithActive, type Written } from '../../alarms/alarm';
import { findTotalsDevice } from '../../monitoring/monitoring';
import { intArray, queryRows, tstz } from '../../stations/device';
import { rawSamples } from '../../telemetry/telemetry';
import { effectiveSource, stationControls } from './plan-control.repository';

export type DeviationSettings = { pct: number; minutes: number };

/** How often every instance checks (one at a time, by the job lock). */
export const DEVIATION_CHECK_MS = 60_000;
const DEVIATION_LEVEL = 2;

const keyOf = (stationId: number) => `deviation:${stationId}`;

type Candidate = {
  stationId: number;
  timezone: string;
  ratedPowerKw: number;
  segments: PlanCurveSegment[];
  acceptedAt: number;
};

/** Each station's newest accepted plan (the one its EMS runs when the plan curve is in control). */
async function newestPlans(db: Db): Promise<Candidate[]> {
  const rows = await queryRows<Candidate>(
    db,
    sql`select distinct on (ds.station_id) ds.station_id::int as "stationId", s.timezone as timezone,
        s.rated_power_kw::float8 as "ratedPowerKw", d.segments as segments,
        (extract(epoch from c.resolved_time) * 1000)::float8 as "acceptedAt"
      from biz_plan_delivery_station ds
      join biz_plan_delivery d on d.id = ds.delivery_id
      join biz_command c on c.id = ds.command_id
      join biz_station s on s.id = ds.station_id
      where c.state = 'success'
      order by ds.station_id, c.resolved_time desc, ds.delivery_id desc`,
  );
  return rows.map((r) => ({
    ...r,
    stationId: Number(r.stationId),
    ratedPowerKw: Number(r.ratedPowerKw),
    acceptedAt: Number(r.acceptedAt),
  }));
}

type Sample = { p: number; ts: number; v: number };

/** Raw samples of these points in (from, to], oldest first. */
async function samples(db: Db, pointIds: number[], from: number, to: number): Promise<Sample[]> {
  const rows = await queryRows<Sample>(
    db,
    sql`select point_id::int as p, (extract(epoch from ts) * 1000)::float8 as ts, value::float8 as v
      from ${rawSamples(intArray(pointIds), (ts) => sql`${ts} > ${tstz(from)} and ${ts} <= ${tstz(to)}`)}
      order by ts`,
  );
  return rows.map((r) => ({ p: Number(r.p), ts: Number(r.ts), v: Number(r.v) }));
}

/**
 * The deviation of each storage power sample from the plan at its instant (the segment of the
 * station's local minute, cut by its SOC window at the SOC reported with or before it).
 */
export function deviations(
  plan: Candidate,
  power: Sample[],
  soc: Sample[],
): { ts: number; plannedKw: number; actualKw: number; deviationKw: number }[] {
  let k = 0;
  let socNow: number | null = null;
  return power.map((s) => {
    while (k < soc.length && (soc[k]?.ts ?? 0) <= s.ts) socNow = soc[k++]?.v ?? socNow;
    const local = localParts(s.ts, plan.timezone);
    const plannedKw = plannedPowerKw(planSegmentAt(plan.segments, local.hour * 60 + local.minute), socNow);
    return { ts: s.ts, plannedKw, actualKw: s.v, deviationKw: dispatchDeviationKw(plannedKw, s.v) };
  });
}

/**
 * The dispatch deviation alarm (docs/control-precedence.md): a station whose plan curve is in
 * control and whose storage power stayed off the plan by more than the tolerance for the whole
 * hold time raises it (through the alarm store and live push); back within tolerance, or the
 * plan no longer in control, it recovers. Stateless over the stored samples, so any instance
 * may run it; the job lock keeps two from racing.
 */
export class DispatchDeviationJob {
  constructor(
    private readonly db: Db,
    private readonly bus: TelemetryBus,
    private readonly settings: DeviationSettings,
  ) {}

  async check(now = Date.now()): Promise<{ raised: number[]; recovered: number[] }> {
    const out = { raised: [] as number[], recovered: [] as number[] };
    await withJobLock(this.db, 'dispatch-deviation', async (tx) => {
      const plans = await newestPlans(tx);
      const active = await stationsWithActive(tx, 'deviation');
      const controls = await stationControls(
        tx,
        plans.map((p) => p.stationId),
      );
      const holdMs = this.settings.minutes * 60_000;
      const raised: Written[] = [];
      const recovered: Written[] = [];
      for (const plan of plans) {
        const c = controls.get(plan.stationId);
        const executing = c !== undefined && effectiveSource(c) === 'planCurve';
        const totals = executing ? await findTotalsDevice(tx, plan.stationId) : null;
        const powerId = totals?.pointIds.storagePower;
        if (!executing || powerId === undefined) {
          if (active.has(plan.stationId)) {
            recovered.push(...(await recoverKeys(tx, [{ key: keyOf(plan.stationId), at: now }])));
          }
          continue;
        }
        const socId = totals?.pointIds.soc;
        const from = now - holdMs;
        const rows = await samples(tx, socId === undefined ? [powerId] : [powerId, socId], from, now);
        const since = Math.max(plan.acceptedAt, c?.ems?.since ?? 0);
        const list = deviations(
          plan,
          rows.filter((r) => r.p === powerId && r.ts >= since),
          rows.filter((r) => r.p === socId),
        );
        const tolerance = deviationToleranceKw(plan.ratedPowerKw, this.settings.pct);
        const last = list.at(-1);
        // The whole hold time in control and off the plan: the first sample within one check of its start.
        const covered = since <= from && list.length > 1 && (list[0]?.ts ?? now) <= from + DEVIATION_CHECK_MS;
        if (!active.has(plan.stationId) && last && covered && list.every((d) => d.deviationKw > tolerance)) {
          raised.push(
            ...(await insertRaised(tx, [
              {
                key: keyOf(plan.stationId),
                stationId: plan.stationId,
                deviceId: totals?.deviceId ?? null,
                deviceType: totals ? 'virtual' : null,
                kind: 'deviation',
                definitionId: null,
                pointCode: 'storagePower',
                value: last.actualKw,
                limit: last.plannedKw,
                level: DEVIATION_LEVEL,
                content: '',
                raisedAt: now,
              },
            ])),
          );
        } else if (active.has(plan.stationId) && last && last.deviationKw <= tolerance) {
          recovered.push(...(await recoverKeys(tx, [{ key: keyOf(plan.stationId), at: last.ts }])));
        }
      }
      await pushChanges(tx, this.bus, [
        { change: 'raised', rows: raised },
        { change: 'recovered', rows: recovered },
      ]);
      out.raised = raised.map((r) => r.stationId);
      out.recovered = recovered.map((r) => r.stationId);
    });
    return out;
  }
}
