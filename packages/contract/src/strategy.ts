import { z } from 'zod';
import { rowId } from './ids';
import { clockTime, localDate } from './time-schema';
import { TOU_PERIODS } from './tou';

/**
 * Peak shaving strategy, load forecast and budget (issue 14 parts 5 to 7). Signs of domain.md:
 * storage power > 0 is discharge, < 0 charge; grid power > 0 is import.
 */

/** Buttons of /strategic-management/strategy and /budget (menu-tree.ts); reads need only the station scope. */
export const STRATEGY_PERMS = {
  settingsEdit: 'strategy:settings:edit',
  budgetGenerate: 'strategy:budget:generate',
} as const;

/** Quarter-hours of a local day (a 23- or 25-hour day is still planned as 96 steps of wall-clock time). */
export const PLAN_STEPS = 96;
/** Longest backtest, in days. */
export const BACKTEST_MAX_DAYS = 60;

const LIMIT = 99_999_999;
const pct = z.number().min(0).max(100);
const efficiency = z.number().gt(0).max(1);

/** A station's strategy settings as saved (or the defaults while none are). */
export const strategySettingsFields = z.object({
  /** Grid import must stay at or below this (kW); null = no limit. */
  demandLimitKw: z.number().positive().max(LIMIT).nullable(),
  /** Anti-backflow (防逆流): never export to the grid, discharge ≤ load − PV. */
  antiBackflow: z.boolean(),
  /** SOC reserve: the battery stays within [socMin, socMax] (%). */
  socMin: pct,
  socMax: pct,
  /** SOC at the end of the day, at least (%); the day also starts there. */
  socEndTarget: pct,
  /** Cost of battery wear per kWh of throughput (charged + discharged), in the tariff's currency. */
  degradationCostPerKwh: z.number().min(0).max(LIMIT),
  etaCharge: efficiency,
  etaDischarge: efficiency,
  enabled: z.boolean(),
});
export type StrategySettingsFields = z.infer<typeof strategySettingsFields>;

const socOrder = (v: { socMin: number; socMax: number; socEndTarget: number }) =>
  v.socMin < v.socMax && v.socEndTarget >= v.socMin && v.socEndTarget <= v.socMax;
const socIssue = { message: 'socMin < socMax and socMin ≤ socEndTarget ≤ socMax', path: ['socMax'] };

export const strategySettings = strategySettingsFields.extend({
  stationId: z.number().int(),
  /** From the station record (biz_station). */
  ratedPowerKw: z.number(),
  capacityKwh: z.number(),
  /** False: nothing saved yet, these are the defaults. */
  saved: z.boolean(),
});
export type StrategySettings = z.infer<typeof strategySettings>;

/** Defaults of a station without saved settings. */
export const DEFAULT_STRATEGY_SETTINGS: StrategySettingsFields = {
  demandLimitKw: null,
  antiBackflow: true,
  socMin: 10,
  socMax: 95,
  socEndTarget: 10,
  degradationCostPerKwh: 0.02,
  etaCharge: 0.95,
  etaDischarge: 0.95,
  enabled: true,
};

const f = strategySettingsFields.shape;
/** A save: fields left out take the defaults. */
export const strategySettingsSaveBody = z
  .object({
    stationId: rowId,
    demandLimitKw: f.demandLimitKw.default(DEFAULT_STRATEGY_SETTINGS.demandLimitKw),
    antiBackflow: f.antiBackflow.default(DEFAULT_STRATEGY_SETTINGS.antiBackflow),
    socMin: f.socMin.default(DEFAULT_STRATEGY_SETTINGS.socMin),
    socMax: f.socMax.default(DEFAULT_STRATEGY_SETTINGS.socMax),
    socEndTarget: f.socEndTarget.default(DEFAULT_STRATEGY_SETTINGS.socEndTarget),
    degradationCostPerKwh: f.degradationCostPerKwh.default(DEFAULT_STRATEGY_SETTINGS.degradationCostPerKwh),
    etaCharge: f.etaCharge.default(DEFAULT_STRATEGY_SETTINGS.etaCharge),
    etaDischarge: f.etaDischarge.default(DEFAULT_STRATEGY_SETTINGS.etaDischarge),
    enabled: f.enabled.default(DEFAULT_STRATEGY_SETTINGS.enabled),
  })
  .refine(socOrder, socIssue);
export type StrategySettingsSaveBody = z.infer<typeof strategySettingsSaveBody>;

/** A station and a local date (default: tomorrow on the station's clock, the day ahead). */
export const strategyDayBody = z.object({ stationId: rowId, date: localDate.optional() });
export type StrategyDayBody = z.infer<typeof strategyDayBody>;

export const loadBacktestBody = z.object({
  stationId: rowId,
  days: z.number().int().min(1).max(BACKTEST_MAX_DAYS).default(30),
});
export type LoadBacktestBody = z.infer<typeof loadBacktestBody>;

/** A plan curve segment: the shape the plan-curve template's add call takes; end '24:00' for the last. */
export const strategyPlanSegment = z.object({
  start: clockTime,
  end: clockTime,
  powerKw: z.number(),
  socMax: pct,
  socMin: pct,
});
export type StrategyPlanSegment = z.infer<typeof strategyPlanSegment>;

const steps = z.array(z.number());
const maybeSteps = z.array(z.number().nullable());

/** One 96-step schedule: power (> 0 discharge), grid (> 0 import), SOC path (%), and its value. */
export const strategySchedule = z.object({
  powerKw: steps,
  gridKw: steps,
  /** SOC (%) at each step boundary: 97 values, the first is the start of the day. */
  soc: steps,
  /** Σ discharge × sell price − Σ charge × buy price (grid prices of the tariff) − degradation cost. */
  revenue: z.number(),
  chargedKwh: z.number(),
  dischargedKwh: z.number(),
  /** Largest excess of grid import over the demand limit that the battery could not avoid (kW). */
  demandViolationKw: z.number(),
  segments: z.array(strategyPlanSegment),
});
export type StrategySchedule = z.infer<typeof strategySchedule>;

/** What a plan or budget was computed on. */
const dayInputs = {
  stationId: z.number().int(),
  date: z.string(),
  timezone: z.string(),
  templateId: z.number().int(),
  templateName: z.string(),
  currency: z.string(),
  settings: strategySettings,
  /** TOU period and buy price of each step. */
  periods: z.array(z.enum(TOU_PERIODS)),
  prices: steps,
  /** Load forecast (kW) per step; steps without basis are filled with the day's mean. */
  loadKw: steps,
  /** PV forecast (kW) per step. */
  pvKw: steps,
};

/** The rule-based daily plan: charge in valley, discharge in peak and sharp within the settings. */
export const strategyDailyPlan = z.object({ ...dayInputs, plan: strategySchedule });
export type StrategyDailyPlan = z.infer<typeof strategyDailyPlan>;

/** Day-ahead load forecast of a station, with what happened where the date has data. */
export const loadForecast = z.object({
  stationId: z.number().int(),
  date: z.string(),
  timezone: z.string(),
  /** Forecast load (kW) per quarter-hour; null where history gives no basis. */
  stepsKw: maybeSteps,
  /** Measured load (kW) per quarter-hour, null where none; null when the date has no data at all. */
  actualKw: maybeSteps.nullable(),
  /** The past local dates the forecast used. */
  basis: z.array(z.string()),
  /** Fitted load change per °C of daily mean temperature (kW/°C); 0 without enough history. */
  temperatureCoefKw: z.number(),
  /** Daily mean temperature of the date (°C) from the weather provider. */
  temperatureC: z.number().nullable(),
});
export type LoadForecast = z.infer<typeof loadForecast>;

export const loadBacktest = z.object({
  stationId: z.number().int(),
  /** Steps whose actual load is below this (kW, 1 % of the mean load over the window) are left out of MAPE. */
  floorKw: z.number(),
  days: z.array(z.object({ date: z.string(), mape: z.number().nullable(), steps: z.number().int() })),
  /** MAPE (%) over every counted step of every day; null when no step could be counted. */
  mape: z.number().nullable(),
});
export type LoadBacktest = z.infer<typeof loadBacktest>;

/** The optimal (linear programming) schedule against the rule-based one on the same forecast. */
export const strategyBudget = z.object({
  ...dayInputs,
  optimal: strategySchedule,
  rule: strategySchedule,
  /** (optimal − rule) / |rule| × 100; null when the rule earns 0. */
  upliftPct: z.number().nullable(),
  /** The month of the date, `YYYY-MM`, and the expected optimal revenue over all its days. */
  month: z.string(),
  monthRevenue: z.number(),
  monthDays: z.number().int(),
  /** Days of the month priced by no template (left out of monthRevenue). */
  monthDaysWithoutTariff: z.number().int(),
});
export type StrategyBudget = z.infer<typeof strategyBudget>;
