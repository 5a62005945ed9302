import { curveResult, HISTORY_TIMEOUT_MS, type Lang } from '@ess/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api/client';
import { deviceWidgetKeys } from './keys';

export type PointCurveParams = { deviceId: number; points: readonly string[]; from: number; to: number };

/** History of some points of one device; the server picks raw samples or roll-ups (≤ 1,000 buckets). */
export const getPointCurve = (p: PointCurveParams) =>
  request('/business/point/pointCurve', {
    body: { deviceId: p.deviceId, points: p.points, from: p.from, to: p.to },
    schema: curveResult,
    timeoutMs: HISTORY_TIMEOUT_MS,
  });

export const pointCurveQuery = (p: PointCurveParams, lang: Lang) =>
  queryOptions({
    queryKey: deviceWidgetKeys.curve(p.deviceId, p.points, p.from, p.to, lang),
    queryFn: () => getPointCurve(p),
    staleTime: 30_000,
  });

/** Keeps the previous curve on screen while another range or point set loads. */
export const usePointCurve = (p: PointCurveParams | null, lang: Lang) =>
  useQuery({
    ...pointCurveQuery(p ?? { deviceId: 0, points: [], from: 0, to: 0 }, lang),
    enabled: p !== null && p.points.length > 0,
    placeholderData: keepPreviousData,
  });
