import { type CurveItem, monitoringApi } from '@ess/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpoint } from '../api/endpoint-query';

export type CurveRange = { from: number | null; to: number | null };

/**
 * Curves of chosen points of the station's devices (spec 7 `dynamicRealtimeCurve`, 600 s): the
 * server picks raw, 15-minute, hourly or daily data so no series has more than 1,000 buckets;
 * without a range, today so far. The previous curves stay on screen while the next load.
 */
export function useCurveData(
  stationId: number | null,
  items: readonly CurveItem[],
  range: CurveRange | null,
  opts: { enabled?: boolean; refetchMs?: number | false } = {},
) {
  const ready = stationId !== null && items.length > 0 && range !== null && (opts.enabled ?? true);
  return useEndpoint(
    monitoringApi.dynamicRealtimeCurve,
    ready
      ? {
          stationId,
          items: [...items],
          ...(range.from === null ? {} : { from: range.from }),
          ...(range.to === null ? {} : { to: range.to }),
        }
      : null,
    { staleTime: 30_000, placeholderData: keepPreviousData, refetchInterval: opts.refetchMs ?? false },
  );
}
