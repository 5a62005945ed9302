import {
  DEFAULT_STRATEGY_SETTINGS,
  PLAN_STEPS,
  type StrategyBudget,
  type StrategyDailyPlan,
  type StrategySchedule,
  type StrategySettings,
  type TouPeriod,
} from '@ess/contract';

/** Test data of the strategy pages (a station 5 of 500 kW / 1000 kWh on the example TOU cut). */

export const settingsOf = (over: Partial<StrategySettings> = {}): StrategySettings => ({
  ...DEFAULT_STRATEGY_SETTINGS,
  stationId: 5,
  ratedPowerKw: 500,
  capacityKwh: 1000,
  saved: true,
  ...over,
});

/** The example cut of domain.md: valley 00–08, peak 08–11, flat 11–17, peak 17–21, flat 21–24. */
export const PERIODS: TouPeriod[] = Array.from({ length: PLAN_STEPS }, (_, i) => {
  const h = i / 4;
  if (h < 8) return 'valley';
  if (h < 11) return 'peak';
  if (h < 17) return 'flat';
  if (h < 21) return 'peak';
  return 'flat';
});

const PRICE: Record<TouPeriod, number> = { sharp: 0.9, peak: 0.6, flat: 0.3, valley: 0.1, deepValley: 0.05 };

/** A schedule charging `charge` kW in the valley and discharging `discharge` kW in the morning peak. */
export function scheduleOf(charge: number, discharge: number, revenue: number, violation = 0): StrategySchedule {
  const powerKw = PERIODS.map((p, i) => (p === 'valley' ? -charge : p === 'peak' && i < 44 ? discharge : 0));
  const loadKw = PERIODS.map(() => 300);
  const gridKw = powerKw.map((p, i) => (loadKw[i] ?? 0) - p);
  const soc = [10];
  for (const p of powerKw) soc.push((soc[soc.length - 1] ?? 0) - (p * 0.25 * 100) / 1000);
  return {
    powerKw,
    gridKw,
    soc,
    revenue,
    chargedKwh: charge * 8,
    dischargedKwh: discharge * 3,
    demandViolationKw: violation,
    segments: [
      { start: '00:00', end: '08:00', powerKw: -charge, socMax: 95, socMin: 10 },
      { start: '08:00', end: '11:00', powerKw: discharge, socMax: 95, socMin: 10 },
    ],
  };
}

const dayInputs = (date: string) => ({
  stationId: 5,
  date,
  timezone: 'Asia/Shanghai',
  templateId: 3,
  templateName: 'Jiangsu commercial',
  currency: 'CNY',
  settings: settingsOf({ demandLimitKw: 600 }),
  periods: PERIODS,
  prices: PERIODS.map((p) => PRICE[p]),
  loadKw: PERIODS.map(() => 300),
  pvKw: PERIODS.map((_, i) => (i >= 32 && i < 64 ? 50 : 0)),
});

export const dailyPlanOf = (date: string): StrategyDailyPlan => ({
  ...dayInputs(date),
  plan: scheduleOf(100, 250, 300.5),
});

export const budgetOf = (date: string, over: Partial<StrategyBudget> = {}): StrategyBudget => ({
  ...dayInputs(date),
  optimal: scheduleOf(120, 300, 412.34, 15),
  rule: scheduleOf(100, 250, 300.5),
  upliftPct: 37.2,
  month: date.slice(0, 7),
  monthRevenue: 12_370.2,
  monthDays: 30,
  monthDaysWithoutTariff: 0,
  ...over,
});
