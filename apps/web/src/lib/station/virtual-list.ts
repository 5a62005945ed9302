import { virtualApi } from '@ess/contract';
import { useEndpoint } from '../api/endpoint-query';

/** The station's virtual devices (station totals and formulas over real points). */
export const useVirtualList = (stationId: number | null) =>
  useEndpoint(virtualApi.virtualList, stationId === null ? null : { stationId }, { staleTime: 60_000 });
