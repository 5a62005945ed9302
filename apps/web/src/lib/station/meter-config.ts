import { meterRoleApi } from '@ess/contract';
import { useEndpoint } from '../api/endpoint-query';

/** The station's meters and which role (gateway, storage, PV, load) each plays. */
export const useMeterConfig = (stationId: number | null) =>
  useEndpoint(meterRoleApi.meterConfig, stationId === null ? null : { stationId }, { staleTime: 300_000 });
