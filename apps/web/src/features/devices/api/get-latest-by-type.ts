import { type DeviceType, type Lang, latestByTypeResult } from '@ess/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api/client';
import { devicesKeys } from './keys';

/** A station's devices of one type with their newest values and the type's point definitions. */
export const getLatestByType = (stationId: number, type: DeviceType) =>
  request('/business/device/latestByType', { body: { stationId, type }, schema: latestByTypeResult });

/** `poll`: refetch every `poll` ms (while the live socket is down), else follow the socket only. */
export const latestByTypeQuery = (stationId: number, type: DeviceType, lang: Lang, poll: number | false = false) =>
  queryOptions({
    queryKey: devicesKeys.latestByType(stationId, type, lang),
    queryFn: () => getLatestByType(stationId, type),
    refetchInterval: poll,
  });

export const useLatestByType = (stationId: number | null, type: DeviceType, lang: Lang, poll: number | false = false) =>
  useQuery({ ...latestByTypeQuery(stationId ?? 0, type, lang, poll), enabled: stationId !== null });
