import type { ApiModule } from '../../../kernel/api-module';
import { weatherRoutes } from './weather.routes';
import { WeatherService } from './weather.service';
import { createWeatherProvider } from './weather-provider';

// A plugin around the routes, for the logger a weather service's failures go to.
export const weatherApi: ApiModule =
  ({ db, env }) =>
  async (app) => {
    await app.register(weatherRoutes(new WeatherService(db, createWeatherProvider(env, app.log))));
  };
