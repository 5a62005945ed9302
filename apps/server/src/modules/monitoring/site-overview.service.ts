import type { SiteOverviewRow } from '@ess/contract';
import { localDateOf, localDayStart } from '@ess/contract';
import type { Db } from '../../db/client';
import type { SessionUser } from '../../lib/types';
import { latestOf } from '../device/station-devices';
import type { EnergyService } from '../energy/energy.service';
import { fromMicro } from '../energy/period-split';
import { stationsInScope } from '../station/station-scope.service';
import { type SiteDevice, siteDevices, storageCounters } from './site-overview.repository';
import { siteStatus } from './site-status';

const extreme = (values: (number | null)[], pick: (a: number, b: number) => number): number | null =>
  values.reduce<number | null>((m, v) => (v === null ? m : m === null ? v : pick(m, v)), null);

const mean = (values: (number | null)[]): number | null => {
  const present = values.filter((v): v is number => v !== null);
  return present.length ? present.reduce((s, v) => s + v, 0) / present.length : null;
};

const mwh = (kwh: number | null): number | null => (kwh === null ? null : kwh / 1000);

/** The monitoring overview of sites: one row per station in the caller's scope (spec 3 columns). */
export class SiteOverviewService {
  constructor(
    private readonly db: Db,
    private readonly energy: EnergyService,
  ) {}

  async overview(user: SessionUser): Promise<SiteOverviewRow[]> {
    const stations = await stationsInScope(this.db, user);
    if (stations.length === 0) return [];
    const ids = stations.map((s) => s.id);
    const [devices, counters] = await Promise.all([siteDevices(this.db, ids), storageCounters(this.db, ids)]);
    const pointIds = [
      ...devices.flatMap((d) => [...d.points.values()]),
      ...[...counters.values()].flatMap((c) => [c.charge, c.discharge]).filter((id): id is number => id !== null),
    ];
    const latest = await latestOf(this.db, pointIds);
    const valueAt = (id: number | undefined) => (id === undefined ? null : (latest.get(id)?.value ?? null));

    // Today's energy: one query per time zone, from each zone's local midnight.
    const today = new Map<number, number>();
    const now = Date.now();
    for (const tz of new Set(stations.map((s) => s.timezone))) {
      const inZone = stations
        .filter((s) => s.timezone === tz)
        .flatMap((s) => {
          const c = counters.get(s.id);
          return [c?.charge, c?.discharge].filter((id): id is number => !!id);
        });
      const since = localDayStart(localDateOf(now, tz), tz);
      for (const [id, micro] of await this.energy.increaseSince(inZone, since, tz)) today.set(id, micro);
    }
    const todayKwh = (id: number | null | undefined) => (id ? fromMicro(today.get(id) ?? 0) : null);

    return stations.map((s) => {
      const own = devices.filter((d) => d.stationId === s.id);
      const of = (type: SiteDevice['type']) => own.filter((d) => d.type === type);
      const read = (ds: SiteDevice[], code: string) => ds.map((d) => valueAt(d.points.get(code)));
      const cells = [...of('bms'), ...of('cabinet')];
      const ems = of('ems')[0];
      const { status, since } = siteStatus(own, valueAt);
      const c = counters.get(s.id);
      return {
        stationId: s.id,
        code: s.code,
        name: s.name,
        capacity: s.capacityKwh,
        ratedPowerKw: s.ratedPowerKw,
        status,
        offlineSince: since,
        time: since === null ? null : Math.max(0, Math.floor((now - since) / 60_000)),
        alarmStatus: null,
        alarmNum: null,
        alarmUnresolvedNum: null,
        pcsConversion: mean(
          read(
            of('pcs').filter((d) => d.status === 'online'),
            'efficiency',
          ),
        ),
        dailyCharge: todayKwh(c?.charge),
        dailyDischarge: todayKwh(c?.discharge),
        totalChargeE: mwh(valueAt(c?.charge ?? undefined)),
        totalDischargeE: mwh(valueAt(c?.discharge ?? undefined)),
        minTemperature: extreme(read(cells, 'cellTmin'), Math.min),
        maxTemperature: extreme(read(cells, 'cellTmax'), Math.max),
        pcsMaxTemperature: extreme([...read(of('pcs'), 'igbtTemp'), ...read(of('cabinet'), 'pcsTemp')], Math.max),
        emsCpuuseProportion: ems ? valueAt(ems.points.get('cpu')) : null,
        emsMemuseProportion: ems ? valueAt(ems.points.get('mem')) : null,
        emsHarduseProportion: ems ? valueAt(ems.points.get('disk')) : null,
      };
    });
  }
}
