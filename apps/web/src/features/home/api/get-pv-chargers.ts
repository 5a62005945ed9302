import { pvChargerSummary } from '@ess/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api/client';
import { homeKeys } from './keys';

/** Today's and total energy come from counters; power and pile states follow the socket. */
const REFRESH_MS = 60_000;

export const getPvChargers = (stationId: number) =>
  request('/business/common/middlePart', { body: { stationId }, schema: pvChargerSummary });

export const pvChargersQuery = (stationId: number) =>
  queryOptions({
    queryKey: homeKeys.pvChargers(stationId),
    queryFn: () => getPvChargers(stationId),
    refetchInterval: REFRESH_MS,
    staleTime: REFRESH_MS / 2,
  });

export const usePvChargers = (stationId: number) => useQuery(pvChargersQuery(stationId));
