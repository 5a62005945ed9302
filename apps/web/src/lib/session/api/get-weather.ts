import { type Lang, shellApi } from '@ess/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../api/endpoint-query';

/** Today's weather at a station; silent: the navbar block simply stays empty on failure. */
export const weatherQuery = (stationId: number, lang: Lang) => ({
  ...endpointQuery(shellApi.stationWeather, { stationId }, lang, { silent: true }),
  staleTime: 30 * 60_000,
  refetchInterval: 30 * 60_000,
});

export const useWeather = (stationId: number | null, lang: Lang) =>
  useQuery({ ...weatherQuery(stationId ?? 0, lang), enabled: stationId !== null });
