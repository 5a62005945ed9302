import { type DeviceNode, deviceNode, type Lang } from '@ess/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '@/lib/api/client';
import { deviceWidgetKeys } from './keys';

/** The station's real devices as a tree (EMS → PCS → clusters; meters → PV, piles). */
export const getDeviceTree = (stationId: number) =>
  request('/business/device/treeTrueDevices', { body: { stationId }, schema: z.array(deviceNode) });

export const deviceTreeQuery = (stationId: number, lang: Lang) =>
  queryOptions({
    queryKey: deviceWidgetKeys.tree(stationId, lang),
    queryFn: () => getDeviceTree(stationId),
    // Status and last-seen come live over the socket; the tree itself rarely changes.
    staleTime: 60_000,
  });

export const useDeviceTree = (stationId: number | null, lang: Lang) =>
  useQuery({ ...deviceTreeQuery(stationId ?? 0, lang), enabled: stationId !== null });

/** Every node of the tree, parents before their children. */
export const flattenDevices = (tree: readonly DeviceNode[] | undefined): DeviceNode[] =>
  (tree ?? []).flatMap((d) => [d, ...flattenDevices(d.children)]);
