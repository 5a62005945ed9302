import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../../kernel/api-module';
import { createWeatherProvider } from '../../stations/weather';
import { hostingRoutes } from './hosting/hosting.routes';
import { HostingService } from './hosting/hosting.service';
import { LoadForecastService, providerWeather } from './load-forecast.service';
import { strategyRoutes } from './strategy.routes';
import { StrategyService } from './strategy.service';

/** Strategy module: a plugin around the routes, for the logger the weather provider's failures go to. */
export const strategyModule =
  ({ db, env, auth, commands }: Pick<ModuleDeps, 'db' | 'env' | 'auth' | 'commands'>): FastifyPluginAsyncZod =>
  async (app) => {
    const forecasts = new LoadForecastService(db, providerWeather(createWeatherProvider(env, app.log)));
    await app.register(strategyRoutes(new StrategyService(db, forecasts), forecasts));
    await app.register(hostingRoutes(new HostingService(db, forecasts, auth, commands)));
  };
