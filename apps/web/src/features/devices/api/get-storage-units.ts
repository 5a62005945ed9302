import { type Lang, storageUnits } from '@ess/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api/client';
import { devicesKeys } from './keys';

/** Storage units (cabinets, else PCS) with today's charged and discharged energy from their counters. */
export const getStorageUnits = (stationId: number) =>
  request('/business/openStation/getPCSElecData', { body: { stationId }, schema: storageUnits });

export const storageUnitsQuery = (stationId: number, lang: Lang) =>
  queryOptions({
    queryKey: devicesKeys.storageUnits(stationId, lang),
    queryFn: () => getStorageUnits(stationId),
    // Today's energy moves slowly; the live socket carries power and SOC.
    refetchInterval: 60_000,
  });

export const useStorageUnits = (stationId: number | null, lang: Lang) =>
  useQuery({ ...storageUnitsQuery(stationId ?? 0, lang), enabled: stationId !== null });
