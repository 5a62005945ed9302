import { z } from 'zod';
import { HISTORY_TIMEOUT_MS } from '../constants';
import { stationIdBody } from '../station';
import {
  loadBacktest,
  loadBacktestBody,
  loadForecast,
  STRATEGY_PERMS,
  strategyBudget,
  strategyDailyPlan,
  strategyDayBody,
  strategySettings,
  strategySettingsSaveBody,
} from '../strategy';
import { endpointGroup } from './endpoint';

const scoped = { station: 'stationId' } as const;

/**
 * Peak shaving strategy (/strategic-management/strategy), load forecast (/electricity-curve) and
 * budget with strategy generation (/budget): issue 14 parts 5 to 7. Reads need the station in
 * scope; saving settings and generating a budget need their buttons.
 */
export const strategyApi = /*#__PURE__*/ endpointGroup('strategy', {
  settings: {
    method: 'POST',
    path: '/strategy/settings',
    body: stationIdBody,
    response: strategySettings,
    access: scoped,
    summary: "A station's peak shaving settings (defaults while none are saved), with its rated power and capacity",
  },
  saveSettings: {
    method: 'POST',
    path: '/strategy/settings/save',
    body: strategySettingsSaveBody,
    response: z.null(),
    access: { perms: [STRATEGY_PERMS.settingsEdit], mutates: true, ...scoped },
    summary: "Save a station's peak shaving settings (demand limit, anti-backflow, SOC reserve, efficiencies)",
  },
  dailyPlan: {
    method: 'POST',
    path: '/strategy/daily-plan',
    body: strategyDayBody,
    response: strategyDailyPlan,
    access: scoped,
    errors: [409],
    timeoutMs: HISTORY_TIMEOUT_MS,
    summary:
      'The rule-based peak shaving / valley filling plan of a local day from the TOU template in force, the settings and the load forecast',
  },
  forecast: {
    method: 'POST',
    path: '/strategy/load-forecast',
    body: strategyDayBody,
    response: loadForecast,
    access: scoped,
    timeoutMs: HISTORY_TIMEOUT_MS,
    summary:
      "Day-ahead load per quarter-hour from the station's history, with the measured load where the day has data",
  },
  backtest: {
    method: 'POST',
    path: '/strategy/load-forecast/backtest',
    body: loadBacktestBody,
    response: loadBacktest,
    access: scoped,
    timeoutMs: HISTORY_TIMEOUT_MS,
    summary: 'MAPE of the load forecast over the last days, each day forecast from the data before it',
  },
  budget: {
    method: 'POST',
    path: '/strategy/budget',
    body: strategyDayBody,
    response: strategyBudget,
    access: { perms: [STRATEGY_PERMS.budgetGenerate], ...scoped },
    errors: [409],
    timeoutMs: HISTORY_TIMEOUT_MS,
    summary:
      'The optimal (linear programming) schedule of a day against the rule-based one, its plan curve segments and the expected revenue of the day and month',
  },
});
