import type { LiveValues, PageConfigKey, PointConfigData } from '@ess/contract';
import { LIVE_POLL_MS } from '@ess/contract';
import { useMemo } from 'react';
import { usePointListData } from './api/page-config';
import { usePageConfigKey } from './use-config-key';

export type PagePoints = {
  key: PageConfigKey | null;
  rows: PointConfigData[];
  isPending: boolean;
  isError: boolean;
};

const NONE: PointConfigData[] = [];

/** A row with the newer of its stored value and the live one (state label from the point's states). */
export function withLive(row: PointConfigData, live: LiveValues | undefined): PointConfigData {
  const v = live?.[row.col];
  if (!v || (row.ts !== null && v.ts <= row.ts)) return row;
  return { ...row, value: v.value, ts: v.ts, text: row.states?.[String(v.value)] ?? null };
}

/**
 * The points configured for a page block with their newest values (`pointListData`). Pass the
 * page's live device values (`useStationLive(...).devices`) to follow the socket; without them
 * the values are re-read every 10 s.
 */
export function usePagePoints(
  pageLocation: string,
  divLocation: string,
  opts: { live?: Record<number, LiveValues> } = {},
): PagePoints {
  const key = usePageConfigKey(pageLocation, divLocation);
  const data = usePointListData(key, opts.live ? false : LIVE_POLL_MS);
  const live = opts.live;
  const rows = useMemo(
    () => (data.data ?? NONE).map((r) => (live ? withLive(r, live[r.deviceId]) : r)),
    [data.data, live],
  );
  return { key, rows, isPending: key === null || data.isPending, isError: data.isError };
}
