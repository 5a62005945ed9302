import type { CurveItem, Lang } from '@ess/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getCurveData } from '@/components/point-config/api/get-curve-data';
import type { TimeRange } from '../hooks/history-range';
import { historyKeys } from './keys';

/**
 * History of the chosen indicators of the station's devices over a range (spec 7
 * `dynamicRealtimeCurve`, 600 s timeout): the server picks raw, 15-minute, hourly or daily data
 * so that no series has more than 1,000 buckets.
 */
export const historyCurvesQuery = (stationId: number, items: readonly CurveItem[], range: TimeRange, lang: Lang) =>
  queryOptions({
    queryKey: historyKeys.curves(stationId, items, range.from, range.to, lang),
    queryFn: () => getCurveData(stationId, items, range.from, range.to),
    staleTime: 30_000,
  });

/** Keeps the previous curves on screen while the next range or zoom window loads. */
export const useHistoryCurves = (
  stationId: number | null,
  items: readonly CurveItem[],
  range: TimeRange | null,
  lang: Lang,
) =>
  useQuery({
    ...historyCurvesQuery(stationId ?? 0, items, range ?? { from: 0, to: 1 }, lang),
    enabled: stationId !== null && items.length > 0 && range !== null,
    placeholderData: keepPreviousData,
  });
