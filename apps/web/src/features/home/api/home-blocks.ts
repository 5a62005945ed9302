import { monitoringApi } from '@ess/contract';
import { useEndpoint } from '@/lib/api/endpoint-query';

/** Refreshed this often besides the live socket: slow figures (energy counters, lists of units). */
const every = (ms: number) => ({ refetchInterval: ms, staleTime: ms / 2 });

/** Energy counters move by the quarter hour; a minute keeps today's figures current. */
export const useStationKpis = (stationId: number) =>
  useEndpoint(monitoringApi.pcsStationData, { stationId }, every(60_000));

/**
 * The energy-flow snapshot (`middle`): what the diagram shows until the live socket's first
 * summary arrives. Read once; the socket (or its own polling fallback) keeps it current.
 */
export const useEnergyFlow = (stationId: number) =>
  useEndpoint(monitoringApi.energyFlow, { stationId }, { staleTime: 10_000 });

/** A new 15-minute average appears every quarter hour; the live point fills the time between. */
export const useRealtimeCurve = (stationId: number) =>
  useEndpoint(monitoringApi.realtimeCurve, { stationId }, every(5 * 60_000));

/** Also refetched when the socket reports a device going on- or offline (see the block). */
export const useDeviceStatus = (stationId: number) =>
  useEndpoint(monitoringApi.deviceStatus, { stationId }, every(30_000));

/** The list of units rarely changes; their values follow the socket. */
export const useAirCondition = (stationId: number) =>
  useEndpoint(monitoringApi.airCondition, { stationId }, every(60_000));

/** Today's and total energy come from counters; power and pile states follow the socket. */
export const usePvChargers = (stationId: number) => useEndpoint(monitoringApi.pvChargers, { stationId }, every(60_000));
