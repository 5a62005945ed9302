import { type Lang, meterConfig } from '@ess/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api/client';
import { devicesKeys } from './keys';

/** Which meter is the station's gateway (grid) meter, storage, PV and load meter. */
export const getMeterRoles = (stationId: number) =>
  request('/business/xinFengMing/queryElecMeterConfig', { body: { stationId }, schema: meterConfig });

export const meterRolesQuery = (stationId: number, lang: Lang) =>
  queryOptions({
    queryKey: devicesKeys.meterRoles(stationId, lang),
    queryFn: () => getMeterRoles(stationId),
    staleTime: 300_000,
  });

export const useMeterRoles = (stationId: number | null, lang: Lang) =>
  useQuery({ ...meterRolesQuery(stationId ?? 0, lang), enabled: stationId !== null });
