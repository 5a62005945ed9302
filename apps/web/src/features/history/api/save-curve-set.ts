import { type CurveSetAddBody, curveSet } from '@ess/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api/client';
import { historyKeys } from './keys';

/** Saves a named set of indicators (spec 7 `hisCurveRelate/add`); with `id` it replaces that set. */
export const saveCurveSet = (body: CurveSetAddBody) =>
  request('/business/hisCurveRelate/add', { body, schema: curveSet });

export function useSaveCurveSet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveCurveSet,
    onSuccess: () => qc.invalidateQueries({ queryKey: historyKeys.allSets() }),
  });
}
