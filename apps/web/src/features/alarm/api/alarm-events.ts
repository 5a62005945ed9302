import {
  type AlarmConfirmBody,
  type AlarmHistoryExportBody,
  type AlarmHistoryPageBody,
  alarmApi,
  POLL_ALARM_COUNT_MS,
} from '@ess/contract';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type DownloadProgress, download } from '@/lib/api/client';
import { refetchEndpoints, useEndpoint } from '@/lib/api/endpoint-query';

/** Every answer that changes when an alarm is raised, recovers or is confirmed. */
export const ALARM_EVENT_ENTRIES = [
  alarmApi.alarmCount,
  alarmApi.alarmRealtimePage,
  alarmApi.alarmHistoryPage,
  alarmApi.alarmEventDetail,
] as const;

/**
 * The station's unconfirmed count (the bell), polled every 60 s as the fallback of the live
 * push (spec 9); silent, since it repeats in the background.
 */
export const useAlarmCount = (stationId: number | null, enabled = true) =>
  useEndpoint(alarmApi.alarmCount, stationId === null ? null : { stationId }, {
    enabled,
    refetchInterval: POLL_ALARM_COUNT_MS,
    call: { silent: true },
  });

/** A page of the real-time list (active or unconfirmed), refetched with the count's poll. */
export const useRealtimeAlarms = (stationId: number | null, pageNum: number, pageSize: number) =>
  useEndpoint(alarmApi.alarmRealtimePage, stationId === null ? null : { stationId, pageNum, pageSize }, {
    placeholderData: keepPreviousData,
    refetchInterval: POLL_ALARM_COUNT_MS,
  });

/** A page of the history with its filters. */
export const useAlarmHistory = (q: AlarmHistoryPageBody | null) =>
  useEndpoint(alarmApi.alarmHistoryPage, q, { placeholderData: keepPreviousData });

/** One event with its point's curve around the raise time. */
export const useAlarmDetail = (id: number | null) =>
  useEndpoint(alarmApi.alarmEventDetail, id === null ? null : { id });

/** Refetches every alarm answer on screen (after a confirmation or a pushed change). */
export function useRefreshAlarms() {
  const qc = useQueryClient();
  return () => refetchEndpoints(qc, ALARM_EVENT_ENTRIES);
}

/** Confirms events with a remark; the lists and the bell refetch. */
export function useConfirmAlarms() {
  const refresh = useRefreshAlarms();
  return useMutation({
    mutationFn: (body: AlarmConfirmBody) => call(alarmApi.alarmConfirm, body),
    onSuccess: refresh,
  });
}

/** The history with the same filters as a CSV or Excel file, saved by the browser. */
export const exportAlarmHistory = (
  body: AlarmHistoryExportBody,
  opts: { fallbackName: string; onProgress?: (p: DownloadProgress) => void },
) => download(alarmApi.alarmHistoryExport, body, opts);
