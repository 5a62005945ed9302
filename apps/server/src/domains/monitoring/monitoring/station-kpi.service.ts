import {
  CARBON_FACTOR_T_PER_MWH,
  localDateOf,
  localDayStart,
  type StationKpis,
  type StationSummary,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import { assertStationInScope } from '../../../kernel/station-scope.service';
import type { SessionUser } from '../../../lib/types';
import { latestOf } from '../../stations/device';
import type { StationRow } from '../../stations/station';
import { type EnergyService, fromMicro, storageDayFigures } from '../energy';
import { SharedResult } from './shared-result';
import { readSummary } from './station-totals';

/** Tonnes of CO2 avoided by PV energy, kept to the gram. */
const carbonT = (kwh: number | null): number | null =>
  kwh === null ? null : Math.round((kwh / 1000) * CARBON_FACTOR_T_PER_MWH * 1e6) / 1e6;

/** The home page's KPI cards and energy-flow snapshot. */
export class StationKpiService {
  /** KPIs by station: every caller within `shareMs` shares one computation. */
  private readonly shared: SharedResult<StationKpis>;
  private readonly sharedSummary: SharedResult<StationSummary>;

  /** `shareMs`: how long one computation of a station's KPIs serves every caller (0: none). */
  constructor(
    private readonly db: Db,
    private readonly energy: EnergyService,
    shareMs = 0,
  ) {
    this.shared = new SharedResult(shareMs);
    this.sharedSummary = new SharedResult(shareMs);
  }

  /** Energy-flow snapshot (spec 7 `middle`): the station totals' newest values, signs of domain.md. */
  async middle(user: SessionUser, stationId: number): Promise<StationSummary> {
    const station = await assertStationInScope(this.db, user, stationId);
    return this.sharedSummary.get(String(station.id), () => readSummary(this.db, station.id));
  }

  /**
   * Station KPIs (spec 7 `pcsStationData`): today's and total charge and discharge from the
   * storage meter's counters, today's revenue under the station's TOU template valid today, PV energy from the
   * PV meter and the carbon it avoided.
   */
  async pcsStationData(user: SessionUser, stationId: number): Promise<StationKpis> {
    const station = await assertStationInScope(this.db, user, stationId);
    return this.shared.get(String(station.id), () => this.kpis(station));
  }

  private async kpis(station: StationRow): Promise<StationKpis> {
    const now = Date.now();
    const tz = station.timezone;
    const today = localDateOf(now, tz);
    const [days, storage, pv, summary] = await Promise.all([
      // Read on every call, never cached: a price changed on /system/rate shows at the next refresh.
      this.energy.pricedDays(station, today, today),
      this.energy.meterCounters(station.id, 'storage'),
      this.energy.meterCounters(station.id, 'pv'),
      readSummary(this.db, station.id),
    ]);
    const template = days?.[0]?.template ?? (await this.energy.templateToday(station, now));
    const day = storageDayFigures(days?.[0], template?.prices ?? null);
    const counterIds = [storage?.reverse, storage?.forward, pv?.forward].filter((id): id is number => !!id);
    const latest = await latestOf(this.db, counterIds);
    const total = (id: number | null | undefined) => (id ? (latest.get(id)?.value ?? null) : null);
    const pvToday = pv?.forward
      ? fromMicro((await this.energy.increaseSince([pv.forward], localDayStart(today, tz), tz)).get(pv.forward) ?? 0)
      : null;
    const pvTotal = total(pv?.forward);
    return {
      stationId: station.id,
      date: today,
      timezone: tz,
      ratedPowerKw: station.ratedPowerKw,
      capacityKwh: station.capacityKwh,
      soc: summary.soc,
      storagePowerKw: summary.storagePower,
      todayChargeKwh: day.chargeKwh,
      todayDischargeKwh: day.dischargeKwh,
      totalChargeKwh: total(storage?.reverse),
      totalDischargeKwh: total(storage?.forward),
      todayRevenue: day.revenue,
      currency: template?.currency ?? 'CNY',
      pvTodayKwh: pvToday,
      pvTotalKwh: pvTotal,
      carbonTodayT: carbonT(pvToday),
      carbonTotalT: carbonT(pvTotal),
      carbonFactor: CARBON_FACTOR_T_PER_MWH,
      ts: now,
    };
  }
}
