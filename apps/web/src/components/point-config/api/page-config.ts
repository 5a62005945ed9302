import { type PageConfigKey, pageConfigApi } from '@ess/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/client';
import { refetchEndpoints, useEndpoint } from '@/lib/api/endpoint-query';

/** The curve rows configured for a page block (spec 7 `queryCurveConfig`). */
export const useCurveConfig = (key: PageConfigKey | null) =>
  useEndpoint(pageConfigApi.queryCurveConfig, key, { staleTime: 60_000 });

/** The point rows configured for a page block (spec 7 `dynamicConfig/pointList`). */
export const usePointConfig = (key: PageConfigKey | null) =>
  useEndpoint(pageConfigApi.pointConfigList, key, { staleTime: 60_000 });

/** The configured points with their newest values; `refetchMs` re-reads them when no live socket feeds them. */
export const usePointListData = (key: PageConfigKey | null, refetchMs: number | false = false) =>
  useEndpoint(pageConfigApi.pointConfigData, key, { refetchInterval: refetchMs });

export type CurveRowInput = { deviceId: number; flgId: number; dragId: string; curveName: string | null };
export type PointRowInput = { deviceId: number; flgId: number; dragId: string; name: string | null };

/** Saves either kind (spec 7 `addCurveList` / `addPointList`); then what is cached for page blocks is refetched. */
export function useSaveConfig(key: PageConfigKey | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (
      input: { kind: 'curve'; list: CurveRowInput[] } | { kind: 'point'; list: PointRowInput[] },
    ): Promise<unknown> => {
      if (!key) throw new Error('no page configuration key');
      return input.kind === 'curve'
        ? call(pageConfigApi.addCurveList, { ...key, list: input.list })
        : call(pageConfigApi.addPointList, { ...key, list: input.list });
    },
    // Spec 8: "closes the dialog and refreshes".
    onSuccess: () =>
      Promise.all(
        [pageConfigApi.queryCurveConfig, pageConfigApi.pointConfigList, pageConfigApi.pointConfigData].map((e) =>
          refetchEndpoints(qc, [e]),
        ),
      ),
  });
}
