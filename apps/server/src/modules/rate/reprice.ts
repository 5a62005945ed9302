import { addDays, localDayStart, type RateReprice } from '@ess/contract';
import type { Db } from '../../db/client';
import { counterBuckets } from '../energy/energy.repository';
import { type EnergyService, revenueOf, roundMoney, storageDays } from '../energy/energy.service';
import type { StationRow } from '../station/station.repository';
import { type StationTariff, tariffRuns } from './rate-lookup';

type Station = Pick<StationRow, 'id' | 'timezone'>;

/**
 * Revenue per local day of [from, to] under a tariff, each day cut and priced by the template
 * that tariff gives it (rate-lookup.ts), from the same quarter buckets and functions as every
 * revenue screen; null where no template prices the day.
 */
async function revenueByDay(
  db: Db,
  energy: EnergyService,
  station: Station,
  tariffs: StationTariff[],
  from: string,
  to: string,
): Promise<Map<string, number | null>[]> {
  const meter = await energy.meterCounters(station.id, 'storage');
  const ids = meter ? [meter.reverse, meter.forward].filter((id): id is number => id !== null) : [];
  const buckets = ids.length
    ? await counterBuckets(
        db,
        ids,
        localDayStart(from, station.timezone),
        localDayStart(addDays(to, 1), station.timezone),
        station.timezone,
      )
    : [];
  return tariffs.map((tariff) => {
    const out = new Map<string, number | null>();
    for (const run of tariffRuns(tariff, from, to)) {
      const days = meter ? storageDays(meter, buckets, run.from, run.to, run.template?.segments ?? null) : [];
      for (const d of days)
        out.set(d.date, run.template ? revenueOf(d.charge, d.discharge, run.template.prices) : null);
    }
    return out;
  });
}

/** What moving from tariff `before` to `after` changes on the days [from, today]: day by day and in total. */
export async function repricePreview(
  db: Db,
  energy: EnergyService,
  station: Station,
  range: { from: string; today: string },
  before: StationTariff,
  after: StationTariff,
): Promise<Omit<RateReprice, 'replaces' | 'currency'>> {
  const [old, next] = await revenueByDay(db, energy, station, [before, after], range.from, range.today);
  const days = [...(old?.keys() ?? [])].map((date) => {
    const oldRevenue = old?.get(date) ?? null;
    const newRevenue = next?.get(date) ?? null;
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
