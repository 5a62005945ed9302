import { deviceStatusSummary } from '@ess/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api/client';
import { homeKeys } from './keys';

/** Also refetched when the socket reports a device going on- or offline (see the block). */
const REFRESH_MS = 30_000;

export const getDeviceStatus = (stationId: number) =>
  request('/business/openStation/middlePart', { body: { stationId }, schema: deviceStatusSummary });

export const deviceStatusQuery = (stationId: number) =>
  queryOptions({
    queryKey: homeKeys.deviceStatus(stationId),
    queryFn: () => getDeviceStatus(stationId),
    refetchInterval: REFRESH_MS,
    staleTime: REFRESH_MS / 2,
  });

export const useDeviceStatus = (stationId: number) => useQuery(deviceStatusQuery(stationId));
