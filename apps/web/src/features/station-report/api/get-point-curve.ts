import { curveResult, HISTORY_TIMEOUT_MS } from '@ess/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api/client';
import { stationReportKeys } from './keys';

export type CurveRequest = { deviceId: number; points: readonly string[]; from: number; to: number };

/** History of some points of one device (raw, 15-minute, hourly or daily buckets by span; min/max band). */
export const getPointCurve = (r: CurveRequest) =>
  request('/business/point/pointCurve', {
    body: { deviceId: r.deviceId, points: [...r.points], from: r.from, to: r.to },
    schema: curveResult,
    timeoutMs: HISTORY_TIMEOUT_MS,
  });

export const pointCurveQuery = (r: CurveRequest) =>
  queryOptions({
    queryKey: stationReportKeys.curve(r.deviceId, r.points, r.from, r.to),
    queryFn: () => getPointCurve(r),
    // A rolling range moves its key every minute: keep showing the previous curve meanwhile.
    placeholderData: keepPreviousData,
  });

export const usePointCurve = (r: CurveRequest | null) =>
  useQuery({ ...pointCurveQuery(r ?? { deviceId: 0, points: [], from: 0, to: 1 }), enabled: r !== null });
