import { SITE_STATUSES } from '@ess/contract';
import { theme } from 'antd';
import { useMemo } from 'react';
import { palette } from '@/lib/theme/palette';

export type SiteStatus = (typeof SITE_STATUSES)[number];

/**
 * The site-status legend: the states the server reports (docs/api.md "Site status"). Spec 4's
 * legend also names overhaul and standby or shutdown; they are left out (legend and counts)
 * until the state behind them exists: overhaul is a station with a work order in progress (the
 * "work orders and processes" capability), standby or shutdown a station idle by plan (the
 * "strategy and control" capability). Each comes back here, with its colour in the palette,
 * together with the site status that reports it. Stations under construction and proposed ones
 * have their own states: they are not expected to communicate, so they are never "offline".
 */
export const LEGEND: readonly SiteStatus[] = SITE_STATUSES;

export type LegendKey = SiteStatus;

/** A station in operation (not under construction, not proposed): the fleet's counts are of these. */
export const inOperation = (s: SiteStatus): boolean => s !== 'construction' && s !== 'proposed';

/** A site that communicates: normal or in fault shutdown. */
export const communicating = (s: SiteStatus): boolean => s === 'normal' || s === 'fault';

/**
 * The colour of each state: the operating states are palette roles; the two building states
 * take antd's preset colours (cyan for work in progress, a pale blue for a plan).
 */
export function useStatusColors(): Record<SiteStatus, string> {
  const { token } = theme.useToken();
  return useMemo(
    () => ({ ...palette.siteStatus, construction: token.cyan6, proposed: token.blue3 }),
    [token.cyan6, token.blue3],
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

/** How many rows are in each legend state. */
export function countByLegend(statuses: readonly SiteStatus[]): Record<LegendKey, number> {
  const out = Object.fromEntries(LEGEND.map((key) => [key, 0])) as Record<LegendKey, number>;
  for (const s of statuses) out[s] += 1;
  return out;
}
