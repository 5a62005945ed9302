import { airConditionResult } from '@ess/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api/client';
import { homeKeys } from './keys';

/** The list of units rarely changes; their values follow the socket. */
const REFRESH_MS = 60_000;

export const getAirCondition = (stationId: number) =>
  request('/business/common/getAirCondition', { body: { stationId }, schema: airConditionResult });

export const airConditionQuery = (stationId: number) =>
  queryOptions({
    queryKey: homeKeys.airCondition(stationId),
    queryFn: () => getAirCondition(stationId),
    refetchInterval: REFRESH_MS,
    staleTime: REFRESH_MS / 2,
  });

export const useAirCondition = (stationId: number) => useQuery(airConditionQuery(stationId));
