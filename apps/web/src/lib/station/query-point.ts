import { pointApi } from '@ess/contract';
import { useEndpoint } from '../api/endpoint-query';

/**
 * Devices with their points of one kind (spec 7 `queryPoint`): `srcId` one device, null every
 * device of the station; `sensType` the pointType dictionary value, 0 every kind. Waits for a
 * station (and, with `needSource`, a device source).
 */
export function useQueryPoint(
  stationId: number | null,
  srcId: number | null,
  sensType: number,
  opts: { needSource?: boolean } = {},
) {
  const ready = stationId !== null && (!opts.needSource || srcId !== null);
  return useEndpoint(pointApi.queryPoint, ready ? { stationId, srcId, sensType } : null, { staleTime: 60_000 });
}
