import { monitoringApi } from '@ess/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpoint } from '@/lib/api/endpoint-query';

/** Today's figures grow by the quarter hour; a range that includes today refreshes this often. */
const TODAY_REFRESH_MS = 5 * 60_000;

export const useIncomeData = (
  stationId: number | null,
  range: { from: string; to: string } | null,
  includesToday: boolean,
) =>
  useEndpoint(monitoringApi.incomeData, stationId === null || range === null ? null : { stationId, ...range }, {
    staleTime: 60_000,
    refetchInterval: includesToday ? TODAY_REFRESH_MS : false,
    // Switching ranges keeps the previous table and chart until the new answer arrives.
    placeholderData: keepPreviousData,
  });
