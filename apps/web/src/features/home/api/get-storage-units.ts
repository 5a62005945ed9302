import { storageUnits } from '@ess/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api/client';
import { homeKeys } from './keys';

/** Power and state follow the socket; today's energy and the PCS's cluster SOC refresh with this. */
const REFRESH_MS = 30_000;

export const getStorageUnits = (stationId: number) =>
  request('/business/openStation/getPCSElecData', { body: { stationId }, schema: storageUnits });

export const storageUnitsQuery = (stationId: number) =>
  queryOptions({
    queryKey: homeKeys.storageUnits(stationId),
    queryFn: () => getStorageUnits(stationId),
    refetchInterval: REFRESH_MS,
    staleTime: REFRESH_MS / 2,
  });

export const useStorageUnits = (stationId: number) => useQuery(storageUnitsQuery(stationId));
