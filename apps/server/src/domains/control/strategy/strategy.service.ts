import {
  datesBetween,
  type StrategyBudget,
  type StrategyDailyPlan,
  type StrategySettings,
  type StrategySettingsSaveBody,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import { assertStationInScope } from '../../../kernel/station-scope.service';
import type { SessionUser } from '../../../lib/types';
import { stationTariffs, tariffRuns } from '../../monitoring/rate';
import { type DayContext, dayContext, optimalOf, pricesOf, ruleOf, toContract } from './day-context';
import type { LoadForecastService } from './load-forecast.service';
import { readSettings, writeSettings } from './strategy-settings';

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
    return dayContext(this.db, this.forecasts, station, date ?? this.forecasts.defaultDate(station));
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

  /** The rule-based peak shaving / valley filling plan of a day. */
  async dailyPlan(user: SessionUser, stationId: number, date: string | undefined): Promise<StrategyDailyPlan> {
    const c = await this.context(user, stationId, date);
    return { ...this.inputs(c), plan: toContract(ruleOf(c.input), c.settings) };
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
    const optimal = await optimalOf(c.input);
    const rule = ruleOf(c.input);
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
        revenue = (await optimalOf({ ...c.input, buyPrice: pricesOf(run.template).prices })).revenue;
        revenueBy.set(run.template.id, revenue);
      }
      monthRevenue += revenue * n;
    }
    return {
      ...this.inputs(c),
      optimal: toContract(optimal, c.settings),
      rule: toContract(rule, c.settings),
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
