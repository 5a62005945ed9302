import { stationKpis } from '@ess/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api/client';
import { homeKeys } from './keys';

/** Energy counters move by the quarter hour; a minute keeps today's figures current. */
const REFRESH_MS = 60_000;

export const getStationKpis = (stationId: number) =>
  request('/business/openStation/pcsStationData', { body: { stationId }, schema: stationKpis });

export const stationKpisQuery = (stationId: number) =>
  queryOptions({
    queryKey: homeKeys.kpis(stationId),
    queryFn: () => getStationKpis(stationId),
    refetchInterval: REFRESH_MS,
    staleTime: REFRESH_MS / 2,
  });

export const useStationKpis = (stationId: number) => useQuery(stationKpisQuery(stationId));
