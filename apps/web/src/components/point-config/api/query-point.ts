import { type Lang, queryPointItem } from '@ess/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '@/lib/api/client';
import { pointConfigKeys } from './keys';

/**
 * Devices with their points of one kind (spec 7 `queryPoint`): `srcId` one device, null every
 * device of the station; `sensType` the pointType dictionary value, 0 every kind.
 */
export const queryPoint = (stationId: number, srcId: number | null, sensType: number) =>
  request('/business/point/queryPoint', {
    body: { stationId, srcId, sensType },
    schema: z.array(queryPointItem),
  });

export const queryPointQuery = (stationId: number, srcId: number | null, sensType: number, lang: Lang) =>
  queryOptions({
    queryKey: pointConfigKeys.queryPoint(stationId, srcId, sensType, lang),
    queryFn: () => queryPoint(stationId, srcId, sensType),
    staleTime: 60_000,
  });

/** Disabled until a station (and, when `needSource`, a device source) is chosen. */
export function useQueryPoint(
  stationId: number | null,
  srcId: number | null,
  sensType: number,
  lang: Lang,
  opts: { needSource?: boolean } = {},
) {
  return useQuery({
    ...queryPointQuery(stationId ?? 0, srcId, sensType, lang),
    enabled: stationId !== null && (!opts.needSource || srcId !== null),
  });
}
