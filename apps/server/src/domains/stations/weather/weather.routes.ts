import { shellApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { WeatherService } from './weather.service';

export const weatherRoutes =
  (weather: WeatherService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, shellApi.stationWeather, ({ stationId }, { user, lang }) =>
      weather.stationWeather(user, stationId, lang),
    );
  };
