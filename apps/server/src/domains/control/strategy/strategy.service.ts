import {
  datesBetween,
  periodAt,
  ResultCode,
  type StrategyBudget,
  type StrategyDailyPlan,
  type StrategySchedule,
  type StrategySettings,
  type StrategySettingsSaveBody,
  type TouPeriod,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import { assertStationInScope } from '../../../kernel/station-scope.service';
import { AppError } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import { stationTariffs, type TouTemplateRow, tariffRuns } from '../../monitoring/rate';
import type { StationRow } from '../../stations/station';
import type { LoadForecastService } from './load-forecast.service';
import { planSegments } from './plan-segments';
import { optimiseSchedule } from './schedule/optimise-schedule';
import { ruleSchedule } from './schedule/rule-schedule';
import { type Schedule, type ScheduleInput, STEPS_PER_DAY } from './schedule/schedule-types';
import { readSettings, writeSettings } from './strategy-settings';

/** What a plan or budget of one day is computed on. */
type DayContext = {
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
const pricesOf = (template: TouTemplateRow): { periods: TouPeriod[]; prices: number[] } => {
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

export class StrategyService {
  constructor(
    private readonly db: Db,
    private readonly forecasts: LoadForecastService,
  ) {}

  async settings(user: SessionUser, stationId: number): Promise<StrategySettings> {
    return readSettings(this.db, await assertStationInScope(this.db, user, stationId));
  }

  async saveSettings(user: SessionUser, body: StrategySettingsSaveBody): Promise<null> {
    await assertStationInScope(this.db, user, body.stationId);
    await writeSettings(this.db, body);
    return null;
  }

  private async context(user: SessionUser, stationId: number, date: string | undefined): Promise<DayContext> {
    const station = await assertStationInScope(this.db, user, stationId);
    const day = date ?? this.forecasts.defaultDate(station);
    const templates = (await stationTariffs(this.db, [station.id])).get(station.id) ?? [];
    const [run] = tariffRuns(templates, day, day);
    const template = run?.template;
    if (!template) throw new AppError(409, ResultCode.CONFLICT, 'strategyNoTariff', { date: day });
    const settings = await readSettings(this.db, station);
    const forecast = await this.forecasts.dayForecast(station, day);
    const loadKw = filled(forecast.load.stepsKw);
    if (!loadKw) throw new AppError(409, ResultCode.CONFLICT, 'strategyNoHistory');
    const { periods, prices } = pricesOf(template);
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
      // A day-ahead plan starts where the previous day was meant to end.
      soc0: settings.socEndTarget / 100,
      socEndMin: settings.socEndTarget / 100,
      demandLimitKw: settings.demandLimitKw,
      exportAllowed: !settings.antiBackflow,
      degradationCostPerKwh: settings.degradationCostPerKwh,
    };
    return { station, date: day, template, settings, periods, loadKw, pvKw: forecast.pvKw, input };
  }

  private inputs(c: DayContext) {
    return {
      stationId: c.station.id,
      date: c.date,
      timezone: c.station.timezone,
      templateId: c.template.id,
      templateName: c.template.name,
      currency: c.template.currency,
      settings: c.settings,
      periods: c.periods,
      prices: c.input.buyPrice,
      loadKw: c.loadKw,
      pvKw: c.pvKw,
    };
  }

  private toContract(s: Schedule, settings: StrategySettings): StrategySchedule {
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

  private rule(input: ScheduleInput): Schedule {
    try {
      return ruleSchedule(input);
    } catch {
      throw new AppError(500, ResultCode.SERVER_ERROR, 'strategyComputeFailed');
    }
  }

  private async optimal(input: ScheduleInput): Promise<Schedule> {
    try {
      return await optimiseSchedule(input);
    } catch {
      throw new AppError(500, ResultCode.SERVER_ERROR, 'strategyComputeFailed');
    }
  }

  /** The rule-based peak shaving / valley filling plan of a day. */
  async dailyPlan(user: SessionUser, stationId: number, date: string | undefined): Promise<StrategyDailyPlan> {
    const c = await this.context(user, stationId, date);
    return { ...this.inputs(c), plan: this.toContract(this.rule(c.input), c.settings) };
  }

  /**
   * The optimal schedule of a day against the rule-based one, and the month's expected revenue:
   * every day of the month priced by its own template with the same forecast profile. The
   * optimum is computed once per distinct template of the month (days sharing a template share
   * the schedule), so a month under one tariff costs one solve; days without a template are
   * counted apart and left out.
   */
  async budget(user: SessionUser, stationId: number, date: string | undefined): Promise<StrategyBudget> {
    const c = await this.context(user, stationId, date);
    const optimal = await this.optimal(c.input);
    const rule = this.rule(c.input);
    const month = c.date.slice(0, 7);
    const days = datesBetween(`${month}-01`, lastDayOf(month));
    const templates = (await stationTariffs(this.db, [c.station.id])).get(c.station.id) ?? [];
    const revenueBy = new Map<number, number>([[c.template.id, optimal.revenue]]);
    let monthRevenue = 0;
    let without = 0;
    for (const run of tariffRuns(templates, days[0] ?? c.date, days.at(-1) ?? c.date)) {
      const n = datesBetween(run.from, run.to).length;
      if (!run.template) {
        without += n;
        continue;
      }
      let revenue = revenueBy.get(run.template.id);
      if (revenue === undefined) {
        revenue = (await this.optimal({ ...c.input, buyPrice: pricesOf(run.template).prices })).revenue;
        revenueBy.set(run.template.id, revenue);
      }
      monthRevenue += revenue * n;
    }
    return {
      ...this.inputs(c),
      optimal: this.toContract(optimal, c.settings),
      rule: this.toContract(rule, c.settings),
      upliftPct: rule.revenue !== 0 ? ((optimal.revenue - rule.revenue) / Math.abs(rule.revenue)) * 100 : null,
      month,
      monthRevenue,
      monthDays: days.length,
      monthDaysWithoutTariff: without,
    };
  }
}

/** The last calendar date of a month `YYYY-MM`. */
export function lastDayOf(month: string): string {
  const [y = 2000, m = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}
