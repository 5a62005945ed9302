import {
  addDays,
  type DayCoverage,
  datesBetween,
  localDateOf,
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
import { type StoredPeriodDay, storedPeriodDays } from './period-days.repository';
import { type PeriodMicro, zeroPeriods } from './period-split';
import { counterPeriodSums, cutKey, type PeriodRun, type PeriodSpan } from './period-sums.repository';

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
 * station without a storage meter. Per time zone, ended days are read as stored per period
 * (energy_period_day) and the rest summed from the quarter-hours in one query, which stores the
 * ended ones. `tariffs` replaces stored assignments (a re-pricing preview, which stores nothing).
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
    // A counter shared by two stations is summed once, by the first one's cut.
    const counterRuns = new Map<number, PeriodRun[]>();
    for (const { meter, runs } of plans) {
      for (const p of [meter.reverse, meter.forward]) {
        if (p === null || counterRuns.has(p)) continue;
        counterRuns.set(
          p,
          runs.map((r) => ({ p, from: r.from, to: r.to, cut: quarterPeriods(r.template?.segments ?? ALL_FLAT) })),
        );
      }
    }
    const byPoint = await periodDays(db, tz, counterRuns, from, to, tariffs ? undefined : localDateOf(now, tz));
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

type DaySums = { micro: PeriodMicro; quarters: number };

/**
 * Each counter's energy per local day and period over its runs: ended days as stored
 * (energy_period_day, while ts_1d vouches they are unchanged), the others summed from the
 * quarter-hours — and, before `storeBefore`, stored for the next read.
 */
async function periodDays(
  db: Db,
  tz: string,
  counterRuns: Map<number, PeriodRun[]>,
  from: string,
  to: string,
  storeBefore: string | undefined,
): Promise<Map<number, Map<string, DaySums>>> {
  const out = new Map<number, Map<string, DaySums>>();
  const dayOf = (p: number, day: string): DaySums => {
    const days = out.get(p) ?? new Map<string, DaySums>();
    out.set(p, days);
    const found = days.get(day) ?? { micro: zeroPeriods(), quarters: 0 };
    days.set(day, found);
    return found;
  };
  const stored = new Map<string, StoredPeriodDay>();
  for (const d of await storedPeriodDays(db, [...counterRuns.keys()], tz, from, to)) stored.set(`${d.p}|${d.day}`, d);
  const spans: PeriodSpan[] = [];
  for (const [p, runs] of counterRuns) {
    for (const run of runs) {
      const key = cutKey(run.cut);
      let open: string[] = [];
      const close = () => {
        const first = open[0];
        const last = open[open.length - 1];
        if (first && last) {
          spans.push({
            ...run,
            from: first,
            to: last,
            start: localDayStart(first, tz),
            end: localDayStart(addDays(last, 1), tz),
          });
        }
        open = [];
      };
      for (const date of datesBetween(run.from, run.to)) {
        const hit = stored.get(`${p}|${date}`);
        if (hit?.cut !== key) {
          open.push(date);
          continue;
        }
        close();
        const day = dayOf(p, date);
        for (const [i, period] of TOU_PERIODS.entries()) {
          day.micro[period] += hit.micro[i] ?? 0;
          day.quarters += hit.quarters[i] ?? 0;
        }
      }
      close();
    }
  }
  for (const s of await counterPeriodSums(db, tz, spans, storeBefore)) {
    const period = TOU_PERIODS[s.period];
    const day = dayOf(s.p, s.day);
    if (period) day.micro[period] += s.micro;
    day.quarters += s.quarters;
  }
  return out;
}
