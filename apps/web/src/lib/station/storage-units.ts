import { monitoringApi } from '@ess/contract';
import { useEndpoint } from '../api/endpoint-query';

/**
 * Storage units (cabinets, else PCS) with today's charged and discharged energy from their
 * counters; power and state follow the live socket, so this refreshes slowly.
 */
export const useStorageUnits = (stationId: number | null) =>
  useEndpoint(monitoringApi.storageUnits, stationId === null ? null : { stationId }, {
    refetchInterval: 30_000,
    staleTime: 15_000,
  });
