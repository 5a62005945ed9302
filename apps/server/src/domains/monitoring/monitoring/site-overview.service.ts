import type { SiteOverviewRow } from '@ess/contract';
import { addDays, dischargeableKwh, localDateOf, localDayStart, roundTripEfficiency } from '@ess/contract';
import type { Db } from '../../../db/client';
import { stationsInScope } from '../../../kernel/station-scope.service';
import type { SessionUser } from '../../../lib/types';
import { stationAlarmCounts } from '../../alarms/alarm';
import { latestOf } from '../../stations/device';
import type { StationRow } from '../../stations/station';
import { overhaulDeviceCounts } from '../../workorder/order';
import {
  type CounterBucket,
  counterBuckets,
  type StorageDayFigures,
  storageDayFigures,
  storageDays,
  type TouTemplateRow,
} from '../energy';
import { type StationTariff, stationTariffs, templateOn } from '../rate';
import { SharedResult } from './shared-result';
import { type SiteDevice, siteDevices, storageCounters } from './site-overview.repository';
import { communicates, siteStatus, withAlarms } from './site-status';
import { readSummary } from './station-totals';

type Counters = Awaited<ReturnType<typeof storageCounters>>;

const extreme = (values: (number | null)[], pick: (a: number, b: number) => number): number | null =>
  values.reduce<number | null>((m, v) => (v === null ? m : m === null ? v : pick(m, v)), null);

/** The station's template on its local date (rate-lookup.ts). */
const templateOf = (s: StationRow, tariffs: Map<number, StationTariff>, date: string): TouTemplateRow | null =>
  templateOn(tariffs.get(s.id) ?? [], date);

const mwh = (kwh: number | null): number | null => (kwh === null ? null : kwh / 1000);

/**
 * The monitoring overview of sites: one row per station in the caller's scope (spec 3 columns
 * and the live ones). Every figure the home page also shows is computed by the same functions as
 * its KPI call: today's energy and revenue (`storageDays` → `storageDayFigures`), the round-trip
 * efficiency of the total counters (`roundTripEfficiency`, as the station report's periods), and
 * power and SOC from the station totals (`readSummary`).
 */
export class SiteOverviewService {
  /** Rows by the set of stations asked for: callers with the same scope share one computation. */
  private readonly shared: SharedResult<SiteOverviewRow[]>;

  /** `shareMs`: how long one computation serves every caller with the same stations (0: none). */
  constructor(
    private readonly db: Db,
    shareMs = 0,
  ) {
    this.shared = new SharedResult(shareMs);
  }

  async overview(user: SessionUser): Promise<SiteOverviewRow[]> {
    const stations = await stationsInScope(this.db, user);
    if (stations.length === 0) return [];
    return this.shared.get(stations.map((s) => s.id).join(','), () => this.rows(stations));
  }

  private async rows(stations: StationRow[]): Promise<SiteOverviewRow[]> {
    const ids = stations.map((s) => s.id);
    const now = Date.now();
    const [devices, counters, templates, summaries, alarms, overhaul] = await Promise.all([
      siteDevices(this.db, ids),
      storageCounters(this.db, ids),
      stationTariffs(this.db, ids),
      Promise.all(stations.map((s) => readSummary(this.db, s.id))),
      stationAlarmCounts(this.db, ids),
      overhaulDeviceCounts(this.db, ids),
    ]);
    const pointIds = [
      ...devices.flatMap((d) => [...d.points.values()]),
      ...[...counters.values()].flatMap((c) => [c.reverse, c.forward]).filter((id): id is number => id !== null),
    ];
    const [latest, today] = await Promise.all([
      latestOf(this.db, pointIds),
      this.today(stations, counters, templates, now),
    ]);
    const valueAt = (id: number | null | undefined) => (id ? (latest.get(id)?.value ?? null) : null);

    return stations.map((s, i) => {
      const own = devices.filter((d) => d.stationId === s.id);
      const online = (type: SiteDevice['type']) => own.filter((d) => d.type === type && d.status === 'online');
      // An offline device's last reading is not a current value: live columns read online devices only.
      const read = (ds: SiteDevice[], code: string) => ds.map((d) => valueAt(d.points.get(code)));
      const cells = [...online('bms'), ...online('cabinet')];
      const ems = online('ems')[0];
      const alarm = alarms.get(s.id);
      const site = siteStatus(s.type, own, valueAt);
      const status = withAlarms(site.status, alarm?.worstActiveLevel ?? null);
      const since = site.since;
      const live = communicates(status);
      const summary = summaries[i];
      const soc = live ? (summary?.soc ?? null) : null;
      const c = counters.get(s.id);
      const totalCharge = valueAt(c?.reverse);
      const totalDischarge = valueAt(c?.forward);
      const day = today.get(s.id) ?? storageDayFigures(null, null);
      return {
        stationId: s.id,
        code: s.code,
        name: s.name,
        capacity: s.capacityKwh,
        ratedPowerKw: s.ratedPowerKw,
        status,
        timezone: s.timezone,
        offlineSince: since,
        time: since === null ? null : Math.max(0, Math.floor((now - since) / 60_000)),
        alarmStatus: alarm?.worstActiveLevel ?? 0,
        alarmNum: alarm?.active ?? 0,
        alarmUnresolvedNum: alarm?.unconfirmed ?? 0,
        overhaulDevices: overhaul.get(s.id) ?? 0,
        pcsConversion: roundTripEfficiency(totalCharge, totalDischarge),
        dailyCharge: day.chargeKwh,
        dailyDischarge: day.dischargeKwh,
        todayRevenue: day.revenue,
        currency: templateOf(s, templates, localDateOf(now, s.timezone))?.currency ?? 'CNY',
        storagePower: live ? (summary?.storagePower ?? null) : null,
        soc,
        dischargeableEnergy: dischargeableKwh(soc, s.capacityKwh),
        totalChargeE: mwh(totalCharge),
        totalDischargeE: mwh(totalDischarge),
        minTemperature: extreme(read(cells, 'cellTmin'), Math.min),
        maxTemperature: extreme(read(cells, 'cellTmax'), Math.max),
        pcsMaxTemperature: extreme(
          [...read(online('pcs'), 'igbtTemp'), ...read(online('cabinet'), 'pcsTemp')],
          Math.max,
        ),
        emsCpuuseProportion: ems ? valueAt(ems.points.get('cpu')) : null,
        emsMemuseProportion: ems ? valueAt(ems.points.get('mem')) : null,
        emsHarduseProportion: ems ? valueAt(ems.points.get('disk')) : null,
      };
    });
  }

  /**
   * Today's storage figures per station, exactly as the KPI call computes them for one station
   * (storage meter counter buckets of the local day → `storageDays` → `storageDayFigures`), with
   * one bucket query per time zone instead of one per station.
   */
  private async today(
    stations: StationRow[],
    counters: Counters,
    templates: Map<number, StationTariff>,
    now: number,
  ): Promise<Map<number, StorageDayFigures>> {
    const out = new Map<number, StorageDayFigures>();
    for (const tz of new Set(stations.map((s) => s.timezone))) {
      const inZone = stations.filter((s) => s.timezone === tz);
      const date = localDateOf(now, tz);
      const ids = inZone.flatMap((s) => {
        const c = counters.get(s.id);
        return [c?.reverse, c?.forward].filter((id): id is number => !!id);
      });
      const buckets = ids.length
        ? await counterBuckets(this.db, ids, localDayStart(date, tz), localDayStart(addDays(date, 1), tz), tz)
        : [];
      const byPoint = new Map<number, CounterBucket[]>();
      for (const b of buckets) {
        const list = byPoint.get(b.p);
        if (list) list.push(b);
        else byPoint.set(b.p, [b]);
      }
      for (const s of inZone) {
        const c = counters.get(s.id);
        const template = templateOf(s, templates, date);
        const own = c ? [c.reverse, c.forward].flatMap((id) => (id === null ? [] : (byPoint.get(id) ?? []))) : [];
        const day = c ? storageDays(c, own, date, date, template?.segments ?? null)[0] : undefined;
        out.set(s.id, storageDayFigures(day, template?.prices ?? null));
      }
    }
    return out;
  }
}
