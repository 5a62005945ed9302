import { homeConfig } from '@ess/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api/client';
import { homeKeys } from './keys';

/** The caller's blocks of the home page for a station (path id = station id), or the defaults. */
export const getHomeConfig = (stationId: number) =>
  request(`/business/homeConfig/${stationId}`, { body: {}, schema: homeConfig, silent: true });

export const homeConfigQuery = (stationId: number) =>
  queryOptions({ queryKey: homeKeys.config(stationId), queryFn: () => getHomeConfig(stationId), staleTime: 300_000 });

export const useHomeConfig = (stationId: number) => useQuery(homeConfigQuery(stationId));
