import { type CurveItem, curveResult, HISTORY_TIMEOUT_MS, type Lang } from '@ess/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api/client';
import { pointConfigKeys } from './keys';

/**
 * Curves of chosen points of the station's devices (spec 7 `dynamicRealtimeCurve`); without a
 * range, today so far. History data may take long: 600 s (spec 7).
 */
export const getCurveData = (stationId: number, items: readonly CurveItem[], from: number | null, to: number | null) =>
  request('/business/openStation/dynamicRealtimeCurve', {
    body: { stationId, items, ...(from === null ? {} : { from }), ...(to === null ? {} : { to }) },
    schema: curveResult,
    timeoutMs: HISTORY_TIMEOUT_MS,
  });

export const curveDataQuery = (
  stationId: number,
  items: readonly CurveItem[],
  from: number | null,
  to: number | null,
  lang: Lang,
) =>
  queryOptions({
    queryKey: pointConfigKeys.curveData(stationId, items, from, to, lang),
    queryFn: () => getCurveData(stationId, items, from, to),
    staleTime: 30_000,
  });

/** Keeps the previous curves on screen while a new range or zoom window loads. */
export const useCurveData = (
  stationId: number | null,
  items: readonly CurveItem[],
  range: { from: number | null; to: number | null },
  lang: Lang,
  opts: { enabled?: boolean; refetchMs?: number | false } = {},
) =>
  useQuery({
    ...curveDataQuery(stationId ?? 0, items, range.from, range.to, lang),
    enabled: stationId !== null && items.length > 0 && (opts.enabled ?? true),
    placeholderData: keepPreviousData,
    refetchInterval: opts.refetchMs ?? false,
  });
