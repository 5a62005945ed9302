import { SITE_STATUSES } from '@ess/contract';
import { palette } from '@/lib/theme/palette';

export type SiteStatus = (typeof SITE_STATUSES)[number];

/**
 * The site-status legend: the states the server reports (docs/api.md "Site status"), each with
 * its colour. Spec 4's legend also names overhaul and standby or shutdown; they are left out
 * (legend and counts) until the state behind them exists: overhaul is a station with a work
 * order in progress (the "work orders and processes" capability), standby or shutdown a
 * station idle by plan (the "strategy and control" capability). Each comes back here, with its
 * colour in the palette, together with the site status that reports it.
 */
export const LEGEND = SITE_STATUSES.map((key) => ({ key, color: palette.siteStatus[key] }));

export type LegendKey = SiteStatus;

export const STATUS_COLOR: Record<SiteStatus, string> = palette.siteStatus;

/** Sorting by status puts the worst first when descending: lost, offline, fault, normal. */
export const STATUS_SEVERITY: Record<SiteStatus, number> = { normal: 0, fault: 1, offline: 2, lost: 3 };

/** How many rows are in each legend state. */
export function countByLegend(statuses: readonly SiteStatus[]): Record<LegendKey, number> {
  const out = Object.fromEntries(LEGEND.map((l) => [l.key, 0])) as Record<LegendKey, number>;
  for (const s of statuses) out[s] += 1;
  return out;
}
