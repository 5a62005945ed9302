import type { RateReprice } from '@ess/contract';
import type { StationRow } from '../../stations/station';
import { dayRevenue, type EnergyService, roundMoney } from '../energy';
import type { StationTariff } from './rate-lookup';

type Station = Pick<StationRow, 'id' | 'timezone'>;

/** Revenue per local day of [from, to] under a tariff, as every revenue screen computes it (null: unpriced). */
async function revenueByDay(
  energy: EnergyService,
  station: Station,
  tariff: StationTariff,
  from: string,
  to: string,
): Promise<Map<string, number | null>> {
  const days = (await energy.pricedDays(station, from, to, Date.now(), tariff)) ?? [];
  return new Map(days.map((d) => [d.date, dayRevenue(d)]));
}

/** What moving from tariff `before` to `after` changes on the days [from, today]: day by day and in total. */
export async function repricePreview(
  energy: EnergyService,
  station: Station,
  range: { from: string; today: string },
  before: StationTariff,
  after: StationTariff,
): Promise<Omit<RateReprice, 'replaces' | 'currency'>> {
  const old = await revenueByDay(energy, station, before, range.from, range.today);
  const next = await revenueByDay(energy, station, after, range.from, range.today);
  const days = [...old.keys()].map((date) => {
    const oldRevenue = old.get(date) ?? null;
    const newRevenue = next.get(date) ?? null;
    return { date, oldRevenue, newRevenue, difference: roundMoney((newRevenue ?? 0) - (oldRevenue ?? 0)) };
  });
  const sum = (f: (d: (typeof days)[number]) => number) => roundMoney(days.reduce((s, d) => s + f(d), 0));
  return {
    stationId: station.id,
    from: range.from,
    today: range.today,
    days,
    oldTotal: sum((d) => d.oldRevenue ?? 0),
    newTotal: sum((d) => d.newRevenue ?? 0),
    difference: sum((d) => d.difference),
  };
}
