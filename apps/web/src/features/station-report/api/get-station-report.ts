import { HISTORY_TIMEOUT_MS, type StationReportBody, stationReport } from '@ess/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api/client';
import { stationReportKeys } from './keys';

/** While the range includes today, today's row keeps filling: refresh it this often. */
const TODAY_REFRESH_MS = 60_000;

export const getStationReport = (body: StationReportBody) =>
  request('/business/stationReport/statistics', { body, schema: stationReport, timeoutMs: HISTORY_TIMEOUT_MS });

export const stationReportQuery = (body: StationReportBody, includesToday: boolean) =>
  queryOptions({
    queryKey: stationReportKeys.statistics(body),
    queryFn: () => getStationReport(body),
    refetchInterval: includesToday ? TODAY_REFRESH_MS : false,
    placeholderData: keepPreviousData,
  });

export const useStationReport = (body: StationReportBody | null, includesToday: boolean) =>
  useQuery({
    ...stationReportQuery(body ?? { stationId: 0, granularity: 'day', from: '', to: '' }, includesToday),
    enabled: body !== null,
  });
