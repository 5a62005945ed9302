import { type DeviceType, deviceApi, type Lang } from '@ess/contract';
import { endpointQuery, useEndpoint } from '@/lib/api/endpoint-query';

/** Query options of one type's call, for pages that ask for several types at once. */
export const latestByTypeQuery = (stationId: number, type: DeviceType, lang: Lang, poll: number | false = false) => ({
  ...endpointQuery(deviceApi.latestByType, { stationId, type }, lang),
  refetchInterval: poll,
});

/**
 * A station's devices of one type with their newest values and the type's point definitions.
 * `poll`: refetch every `poll` ms (while the live socket is down), else follow the socket only.
 */
export const useLatestByType = (stationId: number | null, type: DeviceType, poll: number | false = false) =>
  useEndpoint(deviceApi.latestByType, stationId === null ? null : { stationId, type }, { refetchInterval: poll });
