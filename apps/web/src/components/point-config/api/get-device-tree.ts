import { deviceNode, type Lang } from '@ess/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '@/lib/api/client';
import { pointConfigKeys } from './keys';

/** The station's real devices as a tree by parent (EMS → PCS → clusters; meters → PV, piles). */
export const getDeviceTree = (stationId: number) =>
  request('/business/device/treeTrueDevices', { body: { stationId }, schema: z.array(deviceNode) });

export const deviceTreeQuery = (stationId: number, lang: Lang) =>
  queryOptions({
    queryKey: pointConfigKeys.deviceTree(stationId, lang),
    queryFn: () => getDeviceTree(stationId),
    staleTime: 60_000,
  });

export const useDeviceTree = (stationId: number | null, lang: Lang) =>
  useQuery({ ...deviceTreeQuery(stationId ?? 0, lang), enabled: stationId !== null });
