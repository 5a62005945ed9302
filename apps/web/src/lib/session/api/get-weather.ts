import { type Lang, weatherResult } from '@ess/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../api/client';
import { sessionKeys } from '../keys';

export const getWeather = (stationId: number) =>
  request('/media/weather/stationWeatherInfo', { body: { stationId }, schema: weatherResult, silent: true });

export const weatherQuery = (stationId: number, lang: Lang) =>
  queryOptions({
    queryKey: sessionKeys.weather(stationId, lang),
    queryFn: () => getWeather(stationId),
    staleTime: 30 * 60_000,
    refetchInterval: 30 * 60_000,
  });

export const useWeather = (stationId: number | null, lang: Lang) =>
  useQuery({ ...weatherQuery(stationId ?? 0, lang), enabled: stationId !== null });
