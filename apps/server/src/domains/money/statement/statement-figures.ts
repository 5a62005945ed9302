import { type StatementPeriod, TOU_PERIODS, type TouPeriod } from '@ess/contract';
import { dayRevenue, fromMicro, type PricedDay, roundMoney } from '../../monitoring/energy';

/** Money on a statement: to the cent, after the 1e-6 sums (so 0.125 rounds as written, not as 0.12499…). */
export const toCent = (v: number): number => Math.round(roundMoney(v) * 100) / 100;

export type StationFigures = {
  chargeKwh: number;
  dischargeKwh: number;
  chargeCost: number;
  dischargeIncome: number;
  revenue: number;
  periods: StatementPeriod[];
  unpricedDays: number;
};

/**
 * A station's month from its priced days: energy per (period, price) — a template change
 * mid-month gives a period one line per price — and money as the earnings glance sums it:
 * revenue is the sum of the days' revenues (each from micro-kWh × price), then to the cent.
 */
export function stationFigures(days: PricedDay[]): StationFigures {
  const lines = new Map<string, { period: TouPeriod; price: number | null; charge: number; discharge: number }>();
  let charge = 0;
  let discharge = 0;
  let cost = 0;
  let income = 0;
  let revenue = 0;
  let unpricedDays = 0;
  for (const d of days) {
    const prices = d.template?.prices ?? null;
    if (d.hasData && !prices) unpricedDays++;
    for (const p of TOU_PERIODS) {
      const c = d.charge[p];
      const x = d.discharge[p];
      if (c === 0 && x === 0) continue;
      const price = prices ? prices[p] : null;
      const key = `${p}|${price}`;
      const line = lines.get(key) ?? { period: p, price, charge: 0, discharge: 0 };
      line.charge += c;
      line.discharge += x;
      lines.set(key, line);
      charge += c;
      discharge += x;
      if (price !== null) {
        cost += (c * price) / 1_000_000;
        income += (x * price) / 1_000_000;
      }
    }
    revenue += dayRevenue(d) ?? 0;
  }
  const order = (p: TouPeriod) => TOU_PERIODS.indexOf(p);
  return {
    chargeKwh: fromMicro(charge),
    dischargeKwh: fromMicro(discharge),
    chargeCost: toCent(cost),
    dischargeIncome: toCent(income),
    revenue: toCent(revenue),
    periods: [...lines.values()]
      .sort((a, b) => order(a.period) - order(b.period) || (a.price ?? -Infinity) - (b.price ?? -Infinity))
      .map((l) => ({
        period: l.period,
        chargeKwh: fromMicro(l.charge),
        dischargeKwh: fromMicro(l.discharge),
        price: l.price,
      })),
    unpricedDays,
  };
}

/** The owner's and the investor's shares of a revenue at a ratio (the owner's %), to the cent. */
export function settle(revenue: number, ratio: number): { ownerShare: number; investorShare: number } {
  const ownerShare = toCent((revenue * ratio) / 100);
  return { ownerShare, investorShare: toCent(revenue - ownerShare) };
}

/** The ratio in force for a month: the last one set from that month or before (rows oldest first). */
export function ratioFor(rows: { fromMonth: string; ratio: number }[], month: string, fallback: number): number {
  let found = fallback;
  for (const r of rows) if (r.fromMonth <= month) found = r.ratio;
  return found;
}
