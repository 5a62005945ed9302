import { configApi } from '@ess/contract';
import { useEndpointMutation } from '@/components/crud';
import { useEndpoint } from '@/lib/api/endpoint-query';

/** A station's topology jumps (null: no station chosen yet). */
export const useTopologyJumps = (stationId: number | null) =>
  useEndpoint(configApi.topologyJumpList, stationId === null ? null : { stationId });

/** Saves the whole set of a station's jumps. */
export const useSaveTopologyJumps = () =>
  useEndpointMutation(configApi.topologyJumpAdd, { invalidate: [configApi.topologyJumpList] });
