import type { SITE_STATUSES } from '@ess/contract';

export type SiteStatus = (typeof SITE_STATUSES)[number];

/**
 * The site-status legend of spec 4 (normal, fault, overhaul, standby or shutdown) plus the two
 * communication states the platform reports (offline, lost contact), each with its colour.
 * The server's site status (docs/api.md "Site status") yields normal, fault, offline and lost;
 * overhaul and standby stay in the legend so the colour key matches the control-room convention.
 */
export const LEGEND = [
  { key: 'normal', color: '#52c41a' },
  { key: 'fault', color: '#f5222d' },
  { key: 'overhaul', color: '#fa8c16' },
  { key: 'standby', color: '#1677ff' },
  { key: 'offline', color: '#8c8c8c' },
  { key: 'lost', color: '#722ed1' },
] as const;

export type LegendKey = (typeof LEGEND)[number]['key'];

export const STATUS_COLOR: Record<SiteStatus, string> = {
  normal: '#52c41a',
  fault: '#f5222d',
  offline: '#8c8c8c',
  lost: '#722ed1',
};

/** Sorting by status puts the worst first when descending: lost, offline, fault, normal. */
export const STATUS_SEVERITY: Record<SiteStatus, number> = { normal: 0, fault: 1, offline: 2, lost: 3 };

/** How many rows are in each legend state (overhaul and standby are never reported, so 0). */
export function countByLegend(statuses: readonly SiteStatus[]): Record<LegendKey, number> {
  const out = Object.fromEntries(LEGEND.map((l) => [l.key, 0])) as Record<LegendKey, number>;
  for (const s of statuses) out[s] += 1;
  return out;
}
