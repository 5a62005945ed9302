import { curveConfigRow, type PageConfigKey, pointConfigRow } from '@ess/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '@/lib/api/client';
import { pointConfigKeys } from './keys';

export type CurveRowInput = { deviceId: number; flgId: number; dragId: string; curveName: string | null };
export type PointRowInput = { deviceId: number; flgId: number; dragId: string; name: string | null };

/** Replaces the curve rows of a page block (spec 7 `addCurveList`). */
export const saveCurveList = (key: PageConfigKey, list: CurveRowInput[]) =>
  request('/business/dynamicConfig/addCurveList', { body: { ...key, list }, schema: z.array(curveConfigRow) });

/** Replaces the point rows of a page block (spec 7 `addPointList`). */
export const savePointList = (key: PageConfigKey, list: PointRowInput[]) =>
  request('/business/dynamicConfig/addPointList', { body: { ...key, list }, schema: z.array(pointConfigRow) });

/** Saves either kind; on success everything cached for that location is refetched (spec 8: "then refresh"). */
export function useSaveConfig(key: PageConfigKey | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (
      input: { kind: 'curve'; list: CurveRowInput[] } | { kind: 'point'; list: PointRowInput[] },
    ): Promise<unknown> => {
      if (!key) throw new Error('no page configuration key');
      return input.kind === 'curve' ? saveCurveList(key, input.list) : savePointList(key, input.list);
    },
    onSuccess: () => (key ? qc.invalidateQueries({ queryKey: pointConfigKeys.location(key) }) : undefined),
  });
}
