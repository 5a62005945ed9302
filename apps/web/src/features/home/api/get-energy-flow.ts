import { energyFlow } from '@ess/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api/client';
import { homeKeys } from './keys';

/**
 * The energy-flow snapshot (`middle`): what the diagram shows until the live socket's first
 * summary arrives. Read once; the socket (or its own polling fallback) keeps it current.
 */
export const getEnergyFlow = (stationId: number) =>
  request('/business/openStation/middle', { body: { stationId }, schema: energyFlow });

export const energyFlowQuery = (stationId: number) =>
  queryOptions({ queryKey: homeKeys.flow(stationId), queryFn: () => getEnergyFlow(stationId), staleTime: 10_000 });

export const useEnergyFlow = (stationId: number) => useQuery(energyFlowQuery(stationId));
