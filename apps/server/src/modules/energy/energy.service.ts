import {
  addDays,
  datesBetween,
  localDayStart,
  type MeterRole,
  TOU_PERIODS,
  type TouPrices,
  type TouSegment,
} from '@ess/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { meterRoles, points, touTemplates } from '../../db/schema';
import type { StationRow } from '../device/device-access';
import { type CounterBucket, counterBuckets } from './energy.repository';
import { bucketMicro, fromMicro, type PeriodMicro, splitByPeriod, sumPeriods, zeroPeriods } from './period-split';

export type TouTemplateRow = typeof touTemplates.$inferSelect;
/** A day's charged and discharged energy by TOU period, in micro-kWh. */
export type EnergyDay = { date: string; hasData: boolean; charge: PeriodMicro; discharge: PeriodMicro };
export type MeterCounters = { deviceId: number; forward: number | null; reverse: number | null };

/** Without a template the whole day counts as flat (and no price applies). */
const ALL_FLAT: TouSegment[] = [{ start: '00:00', end: '24:00', period: 'flat' }];

/**
 * Energy accounting from meter counters (domain.md): charged and discharged energy per local
 * day and TOU period are differences of the storage meter's cumulative readings between the
 * 15-minute buckets' last values — never sums of sampled power. Forward energy is the counter
 * of positive power (storage: discharge; PV: generation), reverse of negative (storage: charge).
 */
export class EnergyService {
  constructor(private readonly db: Db) {}

  async template(station: Pick<StationRow, 'touTemplateId'>): Promise<TouTemplateRow | null> {
    if (station.touTemplateId === null) return null;
    const [row] = await this.db.select().from(touTemplates).where(eq(touTemplates.id, station.touTemplateId));
    return row ?? null;
  }

  /** The forward and reverse energy counters (point ids) of the station's meter in `role`. */
  async meterCounters(stationId: number, role: MeterRole): Promise<MeterCounters | null> {
    const rows = await this.db
      .select({ deviceId: meterRoles.deviceId, pointId: points.id, code: points.code })
      .from(meterRoles)
      .leftJoin(points, eq(points.deviceId, meterRoles.deviceId))
      .where(and(eq(meterRoles.stationId, stationId), eq(meterRoles.role, role)));
    const first = rows[0];
    if (!first) return null;
    const id = (code: string) => rows.find((r) => r.code === code)?.pointId ?? null;
    return { deviceId: first.deviceId, forward: id('forwardEnergy'), reverse: id('reverseEnergy') };
  }

  /**
   * Charged (reverse) and discharged (forward) energy of the storage meter per local day of
   * [from, to] and TOU period of `segments` (all flat when null). Null without a storage meter.
   */
  async storageByPeriod(
    station: Pick<StationRow, 'id' | 'timezone'>,
    from: string,
    to: string,
    segments: TouSegment[] | null,
  ): Promise<EnergyDay[] | null> {
    const meter = await this.meterCounters(station.id, 'storage');
    if (!meter) return null;
    const ids = [meter.reverse, meter.forward].filter((id): id is number => id !== null);
    const start = localDayStart(from, station.timezone);
    const end = localDayStart(addDays(to, 1), station.timezone);
    const buckets = ids.length ? await counterBuckets(this.db, ids, start, end, station.timezone) : [];
    return storageDays(meter, buckets, from, to, segments);
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
  return datesBetween(from, to).map((date) => ({
    date,
    hasData: charge.has(date) || discharge.has(date),
    charge: charge.get(date) ?? zeroPeriods(),
    discharge: discharge.get(date) ?? zeroPeriods(),
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

/** Revenue of arbitrage (domain.md): Σ discharged × price − Σ charged × price, over periods. */
export function revenueOf(charge: PeriodMicro, discharge: PeriodMicro, prices: TouPrices): number {
  let micro = 0;
  for (const p of TOU_PERIODS) micro += (discharge[p] - charge[p]) * prices[p];
  return roundMoney(micro / 1_000_000);
}

/** Money is kept to 1e-6 of the currency unit: exact enough, and free of float noise like …0000004. */
export const roundMoney = (v: number): number => Math.round(v * 1e6) / 1e6;
