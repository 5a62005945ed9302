import { reportApi, type StationReportBody } from '@ess/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpoint } from '@/lib/api/endpoint-query';

/** While the range includes today, today's row keeps filling: refresh it this often. */
const TODAY_REFRESH_MS = 60_000;

export const useStationReport = (body: StationReportBody | null, includesToday: boolean) =>
  useEndpoint(reportApi.stationReport, body, {
    refetchInterval: includesToday ? TODAY_REFRESH_MS : false,
    placeholderData: keepPreviousData,
  });
