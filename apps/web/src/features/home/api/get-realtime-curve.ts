import { realtimeCurveResult } from '@ess/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api/client';
import { homeKeys } from './keys';

/** A new 15-minute average appears every quarter hour; the live point fills the time between. */
const REFRESH_MS = 5 * 60_000;

export const getRealtimeCurve = (stationId: number) =>
  request('/business/openStation/realtimeCurve', { body: { stationId }, schema: realtimeCurveResult });

export const realtimeCurveQuery = (stationId: number) =>
  queryOptions({
    queryKey: homeKeys.curve(stationId),
    queryFn: () => getRealtimeCurve(stationId),
    refetchInterval: REFRESH_MS,
    staleTime: REFRESH_MS / 2,
  });

export const useRealtimeCurve = (stationId: number) => useQuery(realtimeCurveQuery(stationId));
