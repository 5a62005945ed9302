import { strategyApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { LoadForecastService } from './load-forecast.service';
import type { StrategyService } from './strategy.service';

/** Peak shaving strategy, load forecast and budget (issue 14 parts 5 to 7). */
export const strategyRoutes =
  (strategy: StrategyService, forecasts: LoadForecastService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, strategyApi.settings, ({ stationId }, { user }) => strategy.settings(user, stationId));
    route(app, strategyApi.saveSettings, (b, { user }) => strategy.saveSettings(user, b));
    route(app, strategyApi.dailyPlan, ({ stationId, date }, { user }) => strategy.dailyPlan(user, stationId, date));
    route(app, strategyApi.forecast, ({ stationId, date }, { user }) => forecasts.forecast(user, stationId, date));
    route(app, strategyApi.backtest, ({ stationId, days }, { user }) => forecasts.backtest(user, stationId, days));
    route(app, strategyApi.budget, ({ stationId, date }, { user }) => strategy.budget(user, stationId, date));
  };
