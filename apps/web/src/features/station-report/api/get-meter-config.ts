import { meterConfig } from '@ess/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api/client';
import { stationReportKeys } from './keys';

/** The station's meters and which role (gateway, storage, PV, load) each plays. */
export const getMeterConfig = (stationId: number) =>
  request('/business/xinFengMing/queryElecMeterConfig', { body: { stationId }, schema: meterConfig });

export const meterConfigQuery = (stationId: number) =>
  queryOptions({
    queryKey: stationReportKeys.meters(stationId),
    queryFn: () => getMeterConfig(stationId),
    staleTime: 300_000,
  });

export const useMeterConfig = (stationId: number | null) =>
  useQuery({ ...meterConfigQuery(stationId ?? 0), enabled: stationId !== null });
