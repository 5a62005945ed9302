import type { SiteOverviewRow } from './monitoring-api';

/** A station in operation (not under construction, not proposed): the fleet's counts are of these. */
export const inOperation = (s: SiteOverviewRow['status']): boolean => s !== 'construction' && s !== 'proposed';

/** A site that communicates: normal or in fault shutdown. */
export const communicating = (s: SiteOverviewRow['status']): boolean => s === 'normal' || s === 'fault';

/** The sum of the known values; null when no row knows it ("no data", never zero). */
export function sumKnown<T>(rows: readonly T[], pick: (r: T) => number | null): number | null {
  let sum: number | null = null;
  for (const r of rows) {
    const v = pick(r);
    if (v !== null) sum = (sum ?? 0) + v;
  }
  return sum;
}

/** Revenue of the rows in one currency: rows in another are counted apart, never added to it. */
export type CurrencyTotal = { currency: string; amount: number | null; stations: number };

/**
 * A fleet's figures over site-overview rows (the site overview's totals and the large screens):
 * counts and installed capacity of the stations in operation, what is being built or planned
 * apart, live storage power (> 0 discharge), today's energy, active alarms, and today's revenue
 * per currency, the fleet's main currency (most stations) first.
 */
export function fleetFigures(rows: readonly SiteOverviewRow[]) {
  const operating = rows.filter((r) => inOperation(r.status));
  const online = operating.filter((r) => communicating(r.status)).length;
  const currencies = new Map<string, SiteOverviewRow[]>();
  for (const r of rows) currencies.set(r.currency, [...(currencies.get(r.currency) ?? []), r]);
  const revenue: CurrencyTotal[] = [...currencies.entries()]
    .map(([currency, rs]) => ({ currency, amount: sumKnown(rs, (r) => r.todayRevenue), stations: rs.length }))
    .sort((a, b) => b.stations - a.stations || a.currency.localeCompare(b.currency));
  return {
    stations: rows.length,
    operating: operating.length,
    online,
    /** Online share of the stations in operation, in % (null without any). */
    onlinePct: operating.length ? (online / operating.length) * 100 : null,
    capacityKwh: sumKnown(operating, (r) => r.capacity),
    ratedKw: sumKnown(operating, (r) => r.ratedPowerKw),
    notInOperationKwh: sumKnown(
      rows.filter((r) => !inOperation(r.status)),
      (r) => r.capacity,
    ),
    storageKw: sumKnown(rows, (r) => r.storagePower),
    chargeKwh: sumKnown(rows, (r) => r.dailyCharge),
    dischargeKwh: sumKnown(rows, (r) => r.dailyDischarge),
    activeAlarms: rows.reduce((s, r) => s + (r.alarmNum ?? 0), 0),
    revenue,
  };
}
export type FleetFigures = ReturnType<typeof fleetFigures>;
