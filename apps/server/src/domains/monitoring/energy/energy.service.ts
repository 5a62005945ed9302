import { datesBetween, type MeterRole, TOU_PERIODS, type TouPrices, type TouSegment } from '@ess/contract';
import type { Db } from '../../../db/client';
import type { StationRow } from '../../stations/device';
import { type StationTariff, stationTemplateToday, type TouTemplateRow } from '../rate';
import { storeEndedDays } from './ended-days';
import { type CounterBucket, counterBuckets } from './energy.repository';
import { bucketMicro, fromMicro, type PeriodMicro, splitByPeriod, sumPeriods, zeroPeriods } from './period-split';
import { ALL_FLAT, type EnergyDay, type MeterCounters, metersOf, type PricedDay, pricedDaysOf } from './priced-days';

export type { EnergyDay, MeterCounters, PricedDay, TouTemplateRow };

/**
 * Energy accounting from meter counters (domain.md): charged and discharged energy per local
 * day and TOU period are differences of the storage meter's cumulative readings between the
 * 15-minute buckets' last values — never sums of sampled power. Forward energy is the counter
 * of positive power (storage: discharge; PV: generation), reverse of negative (storage: charge).
 */
export class EnergyService {
  constructor(private readonly db: Db) {}

  /** The station's template in force today on its own clock (rate-lookup.ts). */
  templateToday(station: Pick<StationRow, 'id' | 'timezone'>, now = Date.now()): Promise<TouTemplateRow | null> {
    return stationTemplateToday(this.db, station, now);
  }

  /** The forward and reverse energy counters (point ids) of the station's meter in `role`. */
  async meterCounters(stationId: number, role: MeterRole): Promise<MeterCounters | null> {
    return (await metersOf(this.db, [stationId], role)).get(stationId) ?? null;
  }

  /**
   * Charged and discharged energy per local day of [from, to], each day cut into periods by the
   * template valid on it (a tariff change mid-range re-cuts the days after it) and carrying that
   * template for its prices. Null without a storage meter. `tariff` replaces the station's stored
   * assignments (a re-pricing preview prices the days as they would be).
   */
  async pricedDays(
    station: Pick<StationRow, 'id' | 'timezone'>,
    from: string,
    to: string,
    now = Date.now(),
    tariff?: StationTariff,
  ): Promise<PricedDay[] | null> {
    const days = await pricedDaysOf(
      this.db,
      [station],
      from,
      to,
      now,
      tariff ? new Map([[station.id, tariff]]) : undefined,
    );
    return days.get(station.id) ?? null;
  }

  /** pricedDays of several stations at once (a statement of a fleet): one query per time zone. */
  pricedDaysOf(
    stations: Pick<StationRow, 'id' | 'timezone'>[],
    from: string,
    to: string,
    now = Date.now(),
  ): Promise<Map<number, PricedDay[] | null>> {
    return pricedDaysOf(this.db, stations, from, to, now);
  }

  /** Stores every station's last ended days per period (ended-days.ts); the stations read. */
  storeEndedDays(now = Date.now()): Promise<number> {
    return storeEndedDays(this.db, now);
  }

  /** Increase of each counter point since `since` (epoch ms, a quarter-hour boundary), micro-kWh. */
  async increaseSince(ids: number[], since: number, tz: string): Promise<Map<number, number>> {
    const out = new Map<number, number>(ids.map((id) => [id, 0]));
    if (ids.length === 0) return out;
    const buckets = await counterBuckets(this.db, ids, since, Date.now() + 86_400_000, tz);
    for (const b of buckets) out.set(b.p, (out.get(b.p) ?? 0) + bucketMicro(b));
    return out;
  }
}

/**
 * The storage meter's days of [from, to] from its counter buckets (those of other points are
 * ignored): charged (reverse) and discharged (forward) energy per TOU period of `segments`.
 */
export function storageDays(
  meter: Pick<MeterCounters, 'forward' | 'reverse'>,
  buckets: CounterBucket[],
  from: string,
  to: string,
  segments: TouSegment[] | null,
): EnergyDay[] {
  const cut = segments ?? ALL_FLAT;
  const charge = splitByPeriod(
    buckets.filter((b) => b.p === meter.reverse),
    cut,
  );
  const discharge = splitByPeriod(
    buckets.filter((b) => b.p === meter.forward),
    cut,
  );
  const quarters = (p: number | null) => {
    const n = new Map<string, number>();
    for (const b of buckets) if (b.p === p) n.set(b.day, (n.get(b.day) ?? 0) + 1);
    return n;
  };
  const charged = quarters(meter.reverse);
  const discharged = quarters(meter.forward);
  return datesBetween(from, to).map((date) => ({
    date,
    hasData: charge.has(date) || discharge.has(date),
    charge: charge.get(date) ?? zeroPeriods(),
    discharge: discharge.get(date) ?? zeroPeriods(),
    quarters: Math.min(charged.get(date) ?? 0, discharged.get(date) ?? 0),
  }));
}

/** A day's storage figures as the screens show them; null where there is no data (or no price). */
export type StorageDayFigures = { chargeKwh: number | null; dischargeKwh: number | null; revenue: number | null };

/**
 * Charged and discharged kWh and revenue of one day (the KPI cards and the overview of sites):
 * null when the storage meter reported nothing that day — zero only when its counters say so —
 * and revenue null without TOU prices.
 */
export function storageDayFigures(day: EnergyDay | null | undefined, prices: TouPrices | null): StorageDayFigures {
  if (!day?.hasData) return { chargeKwh: null, dischargeKwh: null, revenue: null };
  return {
    chargeKwh: fromMicro(sumPeriods(day.charge)),
    dischargeKwh: fromMicro(sumPeriods(day.discharge)),
    revenue: prices ? revenueOf(day.charge, day.discharge, prices) : null,
  };
}

/** A priced day's revenue; null without a template (or without data, when `hasData` matters to the caller). */
export const dayRevenue = (d: PricedDay): number | null =>
  d.template ? revenueOf(d.charge, d.discharge, d.template.prices) : null;

/** Revenue of arbitrage (domain.md): Σ discharged × price − Σ charged × price, over periods. */
export function revenueOf(charge: PeriodMicro, discharge: PeriodMicro, prices: TouPrices): number {
  let micro = 0;
  for (const p of TOU_PERIODS) micro += (discharge[p] - charge[p]) * prices[p];
  return roundMoney(micro / 1_000_000);
}

/** Money is kept to 1e-6 of the currency unit: exact enough, and free of float noise like …0000004. */
export const roundMoney = (v: number): number => Math.round(v * 1e6) / 1e6;
