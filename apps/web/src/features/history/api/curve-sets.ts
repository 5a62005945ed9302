import { type CurveSetAddBody, curveSetApi, MAX_CURVE_SETS } from '@ess/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/client';
import { refetchEndpoints, useEndpoint } from '@/lib/api/endpoint-query';

/** The caller's saved curve sets of the station (spec 7 `hisCurveRelate/pageSelectAll`). */
export const useCurveSets = (stationId: number | null) =>
  useEndpoint(
    curveSetApi.curveSetPage,
    stationId === null ? null : { stationId, pageNum: 1, pageSize: MAX_CURVE_SETS },
    { staleTime: 60_000 },
  );

const useRefetchSets = () => {
  const qc = useQueryClient();
  return () => refetchEndpoints(qc, [curveSetApi.curveSetPage]);
};

/** Saves a named set of indicators (spec 7 `hisCurveRelate/add`); with `id` it replaces that set. */
export function useSaveCurveSet() {
  const refetch = useRefetchSets();
  return useMutation({
    mutationFn: (body: CurveSetAddBody) => call(curveSetApi.curveSetAdd, body),
    onSuccess: refetch,
  });
}

/** Deletes one of the caller's curve sets (spec 7 `hisCurveRelate/delete`). */
export function useDeleteCurveSet() {
  const refetch = useRefetchSets();
  return useMutation({ mutationFn: (id: number) => call(curveSetApi.curveSetDelete, { id }), onSuccess: refetch });
}
