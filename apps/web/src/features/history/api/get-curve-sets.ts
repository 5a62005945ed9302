import { curveSetPage, type Lang, MAX_CURVE_SETS } from '@ess/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api/client';
import { historyKeys } from './keys';

/** The caller's saved curve sets of the station (spec 7 `hisCurveRelate/pageSelectAll`). */
export const getCurveSets = (stationId: number) =>
  request('/business/hisCurveRelate/pageSelectAll', {
    body: { stationId, pageNum: 1, pageSize: MAX_CURVE_SETS },
    schema: curveSetPage,
  });

export const curveSetsQuery = (stationId: number, lang: Lang) =>
  queryOptions({
    queryKey: historyKeys.sets(stationId, lang),
    queryFn: () => getCurveSets(stationId),
    staleTime: 60_000,
  });

export const useCurveSets = (stationId: number | null, lang: Lang) =>
  useQuery({ ...curveSetsQuery(stationId ?? 0, lang), enabled: stationId !== null });
