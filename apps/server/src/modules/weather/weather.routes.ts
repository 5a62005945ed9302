import { stationIdBody, weatherResult } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, replies } from '../../lib/reply';
import { callerOf } from '../../plugins/auth';
import type { WeatherService } from './weather.service';

const tags = ['weather'];

export const weatherRoutes =
  (weather: WeatherService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/media/weather/stationWeatherInfo',
      {
        schema: {
          tags,
          summary: "Today's weather at a station (null where the station shows none)",
          body: stationIdBody,
          response: replies(weatherResult),
        },
      },
      async (req) => ok(req.lang, await weather.stationWeather(callerOf(req), req.body.stationId, req.lang)),
    );
  };
