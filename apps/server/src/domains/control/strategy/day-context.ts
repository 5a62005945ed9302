import { periodAt, ResultCode, type StrategySchedule, type StrategySettings, type TouPeriod } from '@ess/contract';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { stationTariffs, type TouTemplateRow, tariffRuns } from '../../monitoring/rate';
import type { StationRow } from '../../stations/station';
import type { LoadForecastService } from './load-forecast.service';
import { planSegments } from './plan-segments';
import { SolverBusyError, SolverTimeoutError } from './schedule/highs-thread';
import { optimiseSchedule } from './schedule/optimise-schedule';
import { ruleSchedule } from './schedule/rule-schedule';
import { type Schedule, type ScheduleInput, STEPS_PER_DAY } from './schedule/schedule-types';
import { readSettings } from './strategy-settings';

/** What a plan or budget of one day is computed on. */
export type DayContext = {
  station: StationRow;
  date: string;
  template: TouTemplateRow;
  settings: StrategySettings;
  periods: TouPeriod[];
  loadKw: number[];
  pvKw: number[];
  input: ScheduleInput;
};

const steps = Array.from({ length: STEPS_PER_DAY }, (_, s) => s);

/** Buy price of each step under a template. */
export const pricesOf = (template: TouTemplateRow): { periods: TouPeriod[]; prices: number[] } => {
  const periods = steps.map((s) => periodAt(template.segments, s * 15));
  return { periods, prices: periods.map((p) => template.prices[p]) };
};

/** Steps without a forecast take the day's mean, so the optimiser sees a whole day. */
function filled(values: (number | null)[]): number[] | null {
  const known = values.filter((v): v is number => v !== null);
  if (known.length === 0) return null;
  const mean = known.reduce((a, b) => a + b, 0) / known.length;
  return values.map((v) => v ?? mean);
}

/**
 * A station's day as the optimiser and the rule see it: its tariff, settings, forecasts and
 * limits. A day-ahead plan starts where the previous day was meant to end (the end-of-day
 * target) unless `soc0` (%) says where the battery is.
 */
export async function dayContext(
  db: Db,
  forecasts: LoadForecastService,
  station: StationRow,
  day: string,
  soc0?: number,
): Promise<DayContext> {
  const templates = (await stationTariffs(db, [station.id])).get(station.id) ?? [];
  const [run] = tariffRuns(templates, day, day);
  const template = run?.template;
  if (!template) throw new AppError(409, ResultCode.CONFLICT, 'strategyNoTariff', { date: day });
  const settings = await readSettings(db, station);
  const forecast = await forecasts.dayForecast(station, day);
  const loadKw = filled(forecast.load.stepsKw);
  if (!loadKw) throw new AppError(409, ResultCode.CONFLICT, 'strategyNoHistory');
  const { periods, prices } = pricesOf(template);
  const start = Math.min(settings.socMax, Math.max(settings.socMin, soc0 ?? settings.socEndTarget));
  const input: ScheduleInput = {
    buyPrice: prices,
    loadKw,
    pvKw: forecast.pvKw,
    capacityKwh: station.capacityKwh,
    maxChargeKw: station.ratedPowerKw,
    maxDischargeKw: station.ratedPowerKw,
    etaCharge: settings.etaCharge,
    etaDischarge: settings.etaDischarge,
    socMin: settings.socMin / 100,
    socMax: settings.socMax / 100,
    soc0: start / 100,
    socEndMin: settings.socEndTarget / 100,
    demandLimitKw: settings.demandLimitKw,
    exportAllowed: !settings.antiBackflow,
    degradationCostPerKwh: settings.degradationCostPerKwh,
  };
  return { station, date: day, template, settings, periods, loadKw, pvKw: forecast.pvKw, input };
}

export function toContract(s: Schedule, settings: StrategySettings): StrategySchedule {
  return {
    powerKw: s.powerKw,
    gridKw: s.gridKw,
    soc: s.soc.map((x) => x * 100),
    revenue: s.revenue,
    chargedKwh: s.chargedKwh,
    dischargedKwh: s.dischargedKwh,
    demandViolationKw: s.demandViolationKw,
    segments: planSegments(s.powerKw, settings.socMin, settings.socMax),
  };
}

export function ruleOf(input: ScheduleInput): Schedule {
  try {
    return ruleSchedule(input);
  } catch {
    throw new AppError(500, ResultCode.SERVER_ERROR, 'strategyComputeFailed');
  }
}

export async function optimalOf(input: ScheduleInput): Promise<Schedule> {
  try {
    return await optimiseSchedule(input);
  } catch (err) {
    if (err instanceof SolverTimeoutError) {
      throw new AppError(503, ResultCode.STRATEGY_SOLVE_TIMEOUT, 'strategySolveTimeout', { seconds: err.seconds });
    }
    if (err instanceof SolverBusyError) {
      const seconds = err.seconds;
      throw new AppError(503, ResultCode.STRATEGY_SOLVER_BUSY, 'strategySolverBusy', { seconds }, null, {
        'retry-after': String(seconds),
      });
    }
    throw new AppError(500, ResultCode.SERVER_ERROR, 'strategyComputeFailed');
  }
}
