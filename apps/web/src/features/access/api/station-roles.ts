import { stationRoleApi } from '@ess/contract';
import { useEndpoint } from '@/lib/api/endpoint-query';

/** Users, stations and roles a station role may join. */
export const useStationRoleOptions = () => useEndpoint(stationRoleApi.stationRoleOptions, undefined);
