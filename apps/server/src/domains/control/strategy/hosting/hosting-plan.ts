import { addDays, localDayStart, type StrategySchedule, type TouPeriod, zonedInstant } from '@ess/contract';
import type { Db } from '../../../../db/client';
import { readSummary } from '../../../monitoring/monitoring';
import { stationTariffs, templateOn } from '../../../monitoring/rate';
import type { StationRow } from '../../../stations/station';
import { dayContext, optimalOf, pricesOf, ruleOf, toContract } from '../day-context';
import type { LoadForecastService } from '../load-forecast.service';
import type { Schedule } from '../schedule/schedule-types';
import type { NewHostingDay } from './hosting.repository';

const QUARTER_MS = 900_000;
/** A plan of today is solved from the SOC now: it must be reviewed within half an hour. */
export const TODAY_REVIEW_MS = 30 * 60_000;

const minutesOf = (hhmm: string): number => {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};

/** The approval deadline of a day: `deadline` on the day before, station clock. */
export const deadlineOf = (date: string, deadline: string, timezone: string): number =>
  zonedInstant(addDays(date, -1), minutesOf(deadline), timezone);

/** A schedule of the steps from `s0` on, as a whole day: the steps before it idle at the start SOC. */
function wholeDay(s: Schedule, s0: number, loadKw: number[], pvKw: number[]): Schedule {
  if (s0 === 0) return s;
  const before = Array.from({ length: s0 }, (_, i) => i);
  const soc0 = s.soc[0] ?? 0;
  return {
    ...s,
    powerKw: [...before.map(() => 0), ...s.powerKw],
    gridKw: [...before.map((i) => (loadKw[i] ?? 0) - (pvKw[i] ?? 0)), ...s.gridKw],
    soc: [...before.map(() => soc0), ...s.soc],
  };
}

/**
 * A station's plan of `date` for review: forecasts, the optimal schedule and the rule schedule
 * from the station's SOC now (its end-of-day target when it reports none). A plan of today is
 * solved from the current quarter hour on; the steps before it stay idle.
 */
export async function planOfDay(
  db: Db,
  forecasts: LoadForecastService,
  station: StationRow,
  date: string,
  deadline: string,
  now: number,
): Promise<NewHostingDay> {
  const summary = await readSummary(db, station.id);
  const soc = summary.soc;
  const c = await dayContext(db, forecasts, station, date, soc ?? undefined);
  const dayStart = localDayStart(date, station.timezone);
  const s0 = now > dayStart ? Math.min(95, Math.floor((now - dayStart) / QUARTER_MS)) : 0;
  const rest = {
    ...c.input,
    buyPrice: c.input.buyPrice.slice(s0),
    loadKw: c.input.loadKw.slice(s0),
    pvKw: c.input.pvKw.slice(s0),
  };
  const [optimal, rule] = [await optimalOf(rest), ruleOf(rest)];
  const contract = (s: Schedule): StrategySchedule => toContract(wholeDay(s, s0, c.loadKw, c.pvKw), c.settings);
  return {
    stationId: station.id,
    date,
    state: 'pending',
    deadlineAt: new Date(s0 > 0 ? now + TODAY_REVIEW_MS : deadlineOf(date, deadline, station.timezone)),
    startAt: new Date(dayStart + s0 * QUARTER_MS),
    soc0: c.input.soc0 * 100,
    socMeasured: soc !== null,
    plan: contract(optimal),
    rule: contract(rule),
    loadKw: c.loadKw,
    pvKw: c.pvKw,
    currency: c.template.currency,
  };
}

/** The TOU period of each quarter hour of a station's day (all flat where no tariff priced it). */
export async function periodsOf(db: Db, stationId: number, date: string): Promise<TouPeriod[]> {
  const template = templateOn((await stationTariffs(db, [stationId])).get(stationId) ?? [], date);
  return template ? pricesOf(template).periods : Array.from({ length: 96 }, () => 'flat' as const);
}
