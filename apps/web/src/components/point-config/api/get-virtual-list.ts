import { virtualListItem } from '@ess/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '@/lib/api/client';
import { pointConfigKeys } from './keys';

/** The station's virtual devices (station totals and formulas over real points). */
export const getVirtualList = (stationId: number) =>
  request('/business/virtual/getVirtualList', { body: { stationId }, schema: z.array(virtualListItem) });

export const virtualListQuery = (stationId: number) =>
  queryOptions({
    queryKey: pointConfigKeys.virtualList(stationId),
    queryFn: () => getVirtualList(stationId),
    staleTime: 60_000,
  });

export const useVirtualList = (stationId: number | null) =>
  useQuery({ ...virtualListQuery(stationId ?? 0), enabled: stationId !== null });
