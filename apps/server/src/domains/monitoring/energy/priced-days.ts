import {
  addDays,
  type DayCoverage,
  datesBetween,
  localDayStart,
  type MeterRole,
  periodAt,
  quartersOfDay,
  TOU_PERIODS,
  type TouSegment,
} from '@ess/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { meterRoles, points } from '../../../db/schema';
import type { StationRow } from '../../stations/device';
import { type StationTariff, stationTariffs, type TouTemplateRow, tariffRuns } from '../rate';
import { type PeriodMicro, zeroPeriods } from './period-split';
import { counterPeriodSums, type PeriodRun } from './period-sums.repository';

/**
 * A day's charged and discharged energy by TOU period, in micro-kWh, and the quarter-hours in
 * which both storage counters read (what the day's figures cover).
 */
export type EnergyDay = {
  date: string;
  hasData: boolean;
  charge: PeriodMicro;
  discharge: PeriodMicro;
  quarters: number;
};
/**
 * A day cut and priced by the template valid on it (null: none, the day is all flat and
 * unpriced), with its coverage: whether it is whole (`isWholeDay`) decides if it counts for efficiency.
 */
export type PricedDay = EnergyDay & { template: TouTemplateRow | null; coverage: DayCoverage };
export type MeterCounters = { deviceId: number; forward: number | null; reverse: number | null };
type Station = Pick<StationRow, 'id' | 'timezone'>;

/** Without a template the whole day counts as flat (and no price applies). */
export const ALL_FLAT: TouSegment[] = [{ start: '00:00', end: '24:00', period: 'flat' }];

/** The period index of each quarter-hour of a day under a cut. */
const quarterPeriods = (cut: TouSegment[]): number[] =>
  Array.from({ length: 96 }, (_, q) => TOU_PERIODS.indexOf(periodAt(cut, q * 15)));

/** The forward and reverse energy counters (point ids) of each station's meter in `role`. */
export async function metersOf(db: Db, stationIds: number[], role: MeterRole): Promise<Map<number, MeterCounters>> {
  const out = new Map<number, MeterCounters>();
  if (stationIds.length === 0) return out;
  const rows = await db
    .select({ stationId: meterRoles.stationId, deviceId: meterRoles.deviceId, pointId: points.id, code: points.code })
    .from(meterRoles)
    .leftJoin(points, eq(points.deviceId, meterRoles.deviceId))
    .where(and(inArray(meterRoles.stationId, stationIds), eq(meterRoles.role, role)));
  for (const r of rows) {
    const m = out.get(r.stationId) ?? { deviceId: r.deviceId, forward: null, reverse: null };
    if (r.code === 'forwardEnergy') m.forward = r.pointId;
    if (r.code === 'reverseEnergy') m.reverse = r.pointId;
    out.set(r.stationId, m);
  }
  return out;
}

/**
 * Charged and discharged energy per local day of [from, to] for each station, each day cut into
 * periods by the template valid on it and carrying that template for its prices; null for a
 * station without a storage meter. One query per time zone sums the fleet's counters by day and
 * period in the database. `tariffs` replaces stored assignments (a re-pricing preview).
 */
export async function pricedDaysOf(
  db: Db,
  stations: Station[],
  from: string,
  to: string,
  now: number,
  tariffs?: Map<number, StationTariff>,
): Promise<Map<number, PricedDay[] | null>> {
  const ids = stations.map((s) => s.id);
  const meters = await metersOf(db, ids, 'storage');
  const stored = tariffs ?? (await stationTariffs(db, ids));
  const out = new Map<number, PricedDay[] | null>(ids.map((id) => [id, null]));
  const zones = new Map<string, Station[]>();
  for (const s of stations) if (meters.has(s.id)) zones.set(s.timezone, [...(zones.get(s.timezone) ?? []), s]);
  for (const [tz, group] of zones) {
    const plans = group.map((s) => {
      const meter = meters.get(s.id) as MeterCounters;
      return { station: s, meter, runs: tariffRuns(stored.get(s.id) ?? [], from, to) };
    });
    const periodRuns: PeriodRun[] = plans.flatMap(({ meter, runs }) =>
      [meter.reverse, meter.forward].flatMap((p) =>
        p === null
          ? []
          : runs.map((r) => ({ p, from: r.from, to: r.to, cut: quarterPeriods(r.template?.segments ?? ALL_FLAT) })),
      ),
    );
    const pointIds = periodRuns.map((r) => r.p).filter((p, i, all) => all.indexOf(p) === i);
    const start = localDayStart(from, tz);
    const end = localDayStart(addDays(to, 1), tz);
    const sums = await counterPeriodSums(db, pointIds, start, end, tz, periodRuns);
    const byPoint = new Map<number, Map<string, { micro: PeriodMicro; quarters: number }>>();
    for (const s of sums) {
      const days = byPoint.get(s.p) ?? new Map<string, { micro: PeriodMicro; quarters: number }>();
      const day = days.get(s.day) ?? { micro: zeroPeriods(), quarters: 0 };
      const period = TOU_PERIODS[s.period];
      if (period) day.micro[period] += s.micro;
      day.quarters += s.quarters;
      days.set(s.day, day);
      byPoint.set(s.p, days);
    }
    for (const { station, meter, runs } of plans) {
      const charge = meter.reverse === null ? undefined : byPoint.get(meter.reverse);
      const discharge = meter.forward === null ? undefined : byPoint.get(meter.forward);
      out.set(
        station.id,
        runs.flatMap((run) =>
          datesBetween(run.from, run.to).map((date) => {
            const c = charge?.get(date);
            const d = discharge?.get(date);
            const quarters = Math.min(c?.quarters ?? 0, d?.quarters ?? 0);
            return {
              date,
              hasData: c !== undefined || d !== undefined,
              charge: c?.micro ?? zeroPeriods(),
              discharge: d?.micro ?? zeroPeriods(),
              quarters,
              template: run.template,
              coverage: {
                quarters,
                expected: quartersOfDay(date, station.timezone),
                ended: localDayStart(addDays(date, 1), station.timezone) <= now,
              },
            };
          }),
        ),
      );
    }
  }
  return out;
}
