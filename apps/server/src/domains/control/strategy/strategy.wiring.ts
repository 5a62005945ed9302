import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client';
import type { Env } from '../../../env';
import { createWeatherProvider } from '../../stations/weather';
import { LoadForecastService, providerWeather } from './load-forecast.service';
import { strategyRoutes } from './strategy.routes';
import { StrategyService } from './strategy.service';

/** Strategy module: a plugin around the routes, for the logger the weather provider's failures go to. */
export const strategyModule =
  ({ db, env }: { db: Db; env: Env }): FastifyPluginAsyncZod =>
  async (app) => {
    const forecasts = new LoadForecastService(db, providerWeather(createWeatherProvider(env, app.log)));
    await app.register(strategyRoutes(new StrategyService(db, forecasts), forecasts));
  };
