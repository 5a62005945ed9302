import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '@/lib/api/client';
import { historyKeys } from './keys';

/** Deletes one of the caller's curve sets (spec 7 `hisCurveRelate/delete`). */
export const deleteCurveSet = (id: number) =>
  request('/business/hisCurveRelate/delete', { body: { id }, schema: z.null() });

export function useDeleteCurveSet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteCurveSet,
    onSuccess: () => qc.invalidateQueries({ queryKey: historyKeys.allSets() }),
  });
}
