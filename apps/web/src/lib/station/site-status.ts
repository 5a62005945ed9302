import { SITE_STATUSES, type SiteOverviewRow } from '@ess/contract';
import { theme } from 'antd';
import { useMemo } from 'react';
import { palette } from '@/lib/theme/palette';

export type SiteStatus = (typeof SITE_STATUSES)[number];

/**
 * The site-status legend: the states the server reports (docs/api.md "Site status") and, after
 * fault, spec 4's "overhaul": the stations with a work order in progress on a device (the row's
 * `overhaulDevices`; such a station also keeps its own state). Spec 4's standby or shutdown is
 * left out (legend and counts) until the state behind it exists: a station idle by plan (the
 * "strategy and control" capability); it comes back here, with its colour in the palette,
 * together with the site status that reports it. Stations under construction and proposed ones
 * have their own states: they are not expected to communicate, so they are never "offline".
 */
export type LegendKey = SiteStatus | 'overhaul';

export const LEGEND: readonly LegendKey[] = SITE_STATUSES.flatMap((s): LegendKey[] =>
  s === 'fault' ? [s, 'overhaul'] : [s],
);

/** A row under a legend key: its state, or for "overhaul" a device with an order in progress. */
export const inLegend = (r: Pick<SiteOverviewRow, 'status' | 'overhaulDevices'>, key: LegendKey): boolean =>
  key === 'overhaul' ? r.overhaulDevices > 0 : r.status === key;

export { communicating, inOperation } from '@ess/contract';

/**
 * The colour of each legend key: the operating states are palette roles; the two building states
 * and overhaul take antd's preset colours (cyan for work in progress, a pale blue for a plan,
 * orange for people at work on site).
 */
export function useStatusColors(): Record<LegendKey, string> {
  const { token } = theme.useToken();
  return useMemo(
    () => ({ ...palette.siteStatus, construction: token.cyan6, proposed: token.blue3, overhaul: token.orange6 }),
    [token.cyan6, token.blue3, token.orange6],
  );
}

/**
 * Sorting by status puts the worst first when descending: lost, offline, fault, normal, then the
 * stations not yet built (under construction, proposed).
 */
export const STATUS_SEVERITY: Record<SiteStatus, number> = {
  proposed: 0,
  construction: 1,
  normal: 2,
  fault: 3,
  offline: 4,
  lost: 5,
};

/** How many rows are under each legend key. */
export function countByLegend(
  rows: readonly Pick<SiteOverviewRow, 'status' | 'overhaulDevices'>[],
): Record<LegendKey, number> {
  return Object.fromEntries(LEGEND.map((key) => [key, rows.filter((r) => inLegend(r, key)).length])) as Record<
    LegendKey,
    number
  >;
}
