import type { CurveConfigRow, CurveResult, PageConfigKey } from '@ess/contract';
import { useMemo } from 'react';
import { useCurveData } from '@/lib/station/curve-data';
import { useCurveConfig } from './api/page-config';
import { usePageConfigKey } from './use-config-key';

export type PageCurves = {
  key: PageConfigKey | null;
  rows: CurveConfigRow[];
  /** The configured curves (names replaced by their curveName), undefined until loaded. */
  curves: CurveResult | undefined;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
};

const NONE: CurveConfigRow[] = [];

/**
 * The curves configured for a page block, read through `dynamicRealtimeCurve`: today so far
 * unless a range is given, refreshed every `refetchMs` (default one minute) while open.
 */
export function usePageCurves(
  pageLocation: string,
  divLocation: string,
  opts: { from?: number; to?: number; refetchMs?: number | false } = {},
): PageCurves {
  const key = usePageConfigKey(pageLocation, divLocation);
  const config = useCurveConfig(key);
  const rows = config.data ?? NONE;
  const items = useMemo(() => rows.map((r) => ({ deviceId: r.deviceId, code: r.col })), [rows]);
  const data = useCurveData(
    key?.stationId ?? null,
    items,
    { from: opts.from ?? null, to: opts.to ?? null },
    {
      refetchMs: opts.refetchMs ?? 60_000,
    },
  );
  const curves = useMemo(() => {
    if (!data.data) return undefined;
    const named = new Map(rows.map((r) => [`${r.deviceId}.${r.col}`, r.curveName]));
    return {
      ...data.data,
      series: data.data.series.map((s) => ({ ...s, name: named.get(`${s.deviceId}.${s.code}`) || s.name })),
    };
  }, [data.data, rows]);
  return {
    key,
    rows,
    curves: rows.length ? curves : undefined,
    isPending: key === null || config.isPending || (rows.length > 0 && data.isPending),
    isFetching: config.isFetching || data.isFetching,
    isError: config.isError || data.isError,
  };
}
