import { incomeResult } from '@ess/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api/client';
import { energyReportKeys } from './keys';

/** Today's figures grow by the quarter hour; a range that includes today refreshes this often. */
const TODAY_REFRESH_MS = 5 * 60_000;

export type IncomeRange = { from: string; to: string };

export const getIncomeData = (stationId: number, range: IncomeRange) =>
  request('/business/openStation/incomeData', { body: { stationId, ...range }, schema: incomeResult });

export const incomeDataQuery = (stationId: number, range: IncomeRange, includesToday: boolean) =>
  queryOptions({
    queryKey: energyReportKeys.income(stationId, range.from, range.to),
    queryFn: () => getIncomeData(stationId, range),
    staleTime: 60_000,
    refetchInterval: includesToday ? TODAY_REFRESH_MS : false,
    // Switching ranges keeps the previous table and chart until the new answer arrives.
    placeholderData: keepPreviousData,
  });

export const useIncomeData = (stationId: number | null, range: IncomeRange | null, includesToday: boolean) =>
  useQuery({
    ...incomeDataQuery(stationId ?? 0, range ?? { from: '', to: '' }, includesToday),
    enabled: stationId !== null && range !== null,
  });
