import {
  type AirConditionResult,
  DEVICE_FAULT_STATES,
  DEVICE_TYPES,
  type DeviceStatusSummary,
  type Lang,
  localDateOf,
  localDayStart,
  type PvChargerSummary,
  type StorageUnits,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import { assertStationInScope } from '../../../kernel/station-scope.service';
import type { SessionUser } from '../../../lib/types';
import {
  type LoadedDevice,
  latestOf,
  loadStationDevices,
  pointSample,
  pointValue,
  rowName,
  stateText,
  typeName,
} from '../../stations/device';
import type { StationRow } from '../../stations/station';
import type { EnergyService } from '../energy';
import { fromMicro } from '../energy';
import { SharedResult } from './shared-result';

const inFault = (d: LoadedDevice): boolean => {
  const rule = DEVICE_FAULT_STATES[d.type];
  const v = rule ? pointValue(d, rule.code) : null;
  return d.status === 'online' && rule !== undefined && v !== null && rule.values.includes(v);
};

/** The state point of a device: its value and label in `lang`. */
const stateOf = (d: LoadedDevice, code: string, lang: Lang) => {
  const point = d.points.find((p) => p.code === code);
  const v = point?.latest?.value ?? null;
  return { state: v, stateText: point && v !== null ? stateText(point.states, v, lang) : null };
};

/** Newest sample time among the device's points. */
const newest = (d: LoadedDevice): number | null =>
  d.points.reduce<number | null>((t, p) => (p.latest && (t === null || p.latest.ts > t) ? p.latest.ts : t), null);

const sumOf = (values: (number | null)[]): number | null => {
  const present = values.filter((v): v is number => v !== null);
  return present.length ? present.reduce((s, v) => s + v, 0) : null;
};

const avgOf = (values: (number | null)[]): number | null => {
  const s = sumOf(values);
  const n = values.filter((v) => v !== null).length;
  return s === null ? null : s / n;
};

/** The device blocks of the home and monitoring screens: status counts, storage units, AC, PV and piles. */
export class DeviceBlocksService {
  /** Per station and language: callers within `shareMs` share one computation (single flight). */
  private readonly shared: {
    status: SharedResult<DeviceStatusSummary>;
    storage: SharedResult<StorageUnits>;
    ac: SharedResult<AirConditionResult>;
    pv: SharedResult<PvChargerSummary>;
  };

  /** `shareMs`: how long one computation of a block serves every caller of the station (0: none). */
  constructor(
    private readonly db: Db,
    private readonly energy: EnergyService,
    shareMs = 0,
  ) {
    this.shared = {
      status: new SharedResult(shareMs),
      storage: new SharedResult(shareMs),
      ac: new SharedResult(shareMs),
      pv: new SharedResult(shareMs),
    };
  }

  /** Device status summary by type (spec 7 `openStation/middlePart`). */
  async statusSummary(user: SessionUser, stationId: number, lang: Lang): Promise<DeviceStatusSummary> {
    await assertStationInScope(this.db, user, stationId);
    return this.shared.status.get(`${stationId}:${lang}`, () => this.computeStatus(stationId, lang));
  }

  private async computeStatus(stationId: number, lang: Lang): Promise<DeviceStatusSummary> {
    const list = await loadStationDevices(this.db, stationId, { virtual: false });
    const count = (ds: LoadedDevice[]) => {
      const online = ds.filter((d) => d.status === 'online').length;
      return { total: ds.length, online, offline: ds.length - online, fault: ds.filter(inFault).length };
    };
    const types = DEVICE_TYPES.flatMap((type) => {
      const ds = list.filter((d) => d.type === type);
      return ds.length ? [{ type, typeName: typeName(type, lang), ...count(ds) }] : [];
    });
    return { types, total: count(list) };
  }

  /**
   * The storage units with power, SOC, run state and today's energy (spec 7 `getPCSElecData`):
   * integrated cabinets where the station has them, else its PCS (SOC: mean of its clusters).
   */
  async storageUnits(user: SessionUser, stationId: number, lang: Lang): Promise<StorageUnits> {
    const station = await assertStationInScope(this.db, user, stationId);
    return this.shared.storage.get(`${station.id}:${lang}`, () => this.computeStorage(station, lang));
  }

  private async computeStorage(station: StationRow, lang: Lang): Promise<StorageUnits> {
    const tz = station.timezone;
    const today = localDateOf(Date.now(), tz);
    const list = await loadStationDevices(this.db, station.id, { types: ['cabinet', 'pcs', 'bms'] });
    const cabinets = list.filter((d) => d.type === 'cabinet');
    const units = cabinets.length ? cabinets : list.filter((d) => d.type === 'pcs');
    const counterIds = units.flatMap((u) =>
      u.points.filter((p) => p.code === 'chargeEnergy' || p.code === 'dischargeEnergy').map((p) => p.id),
    );
    const increase = await this.energy.increaseSince(counterIds, localDayStart(today, tz), tz);
    const todayKwh = (u: LoadedDevice, code: string) => {
      const id = u.points.find((p) => p.code === code)?.id;
      return id === undefined ? null : fromMicro(increase.get(id) ?? 0);
    };
    return {
      date: today,
      units: units.map((u) => {
        const run = stateOf(u, 'runState', lang);
        const soc =
          u.type === 'cabinet'
            ? pointValue(u, 'soc')
            : avgOf(list.filter((b) => b.type === 'bms' && b.parentId === u.id).map((b) => pointValue(b, 'soc')));
        return {
          deviceId: u.id,
          sn: u.sn,
          name: rowName(u, lang),
          type: u.type,
          status: u.status,
          ratedPowerKw: u.modelRated?.powerKw ?? null,
          powerKw: pointValue(u, 'p'),
          soc,
          runState: run.state,
          runStateText: run.stateText,
          todayChargeKwh: todayKwh(u, 'chargeEnergy'),
          todayDischargeKwh: todayKwh(u, 'dischargeEnergy'),
          ts: pointSample(u, 'p')?.ts ?? newest(u),
        };
      }),
    };
  }

  /** Air conditioners, and the built-in air conditioning of integrated cabinets (spec 7 `getAirCondition`). */
  async airConditioners(user: SessionUser, stationId: number, lang: Lang): Promise<AirConditionResult> {
    await assertStationInScope(this.db, user, stationId);
    return this.shared.ac.get(`${stationId}:${lang}`, () => this.computeAc(stationId, lang));
  }

  private async computeAc(stationId: number, lang: Lang): Promise<AirConditionResult> {
    const list = await loadStationDevices(this.db, stationId, { types: ['ac', 'cabinet'] });
    return {
      airConditioners: list
        .filter((d) => d.type === 'ac')
        .map((d) => ({
          deviceId: d.id,
          sn: d.sn,
          name: rowName(d, lang),
          status: d.status,
          ...stateOf(d, 'state', lang),
          supplyTemp: pointValue(d, 'supplyTemp'),
          returnTemp: pointValue(d, 'returnTemp'),
          humidity: pointValue(d, 'humidity'),
          powerKw: pointValue(d, 'p'),
          setTemp: pointValue(d, 'setTemp'),
          ts: newest(d),
        })),
      cabinets: list
        .filter((d) => d.type === 'cabinet')
        .map((d) => ({
          deviceId: d.id,
          sn: d.sn,
          name: rowName(d, lang),
          status: d.status,
          ...stateOf(d, 'acState', lang),
          envTemp: pointValue(d, 'envTemp'),
          cellTmax: pointValue(d, 'cellTmax'),
          cellTmin: pointValue(d, 'cellTmin'),
          ts: newest(d),
        })),
    };
  }

  /**
   * The PV and charging-pile blocks (spec 7 `common/middlePart`): PV power of the inverters and
   * energy from the PV meter's forward counter; each pile's state, and today's energy of all
   * piles from their counters.
   */
  async pvAndChargers(user: SessionUser, stationId: number, lang: Lang): Promise<PvChargerSummary> {
    const station = await assertStationInScope(this.db, user, stationId);
    return this.shared.pv.get(`${station.id}:${lang}`, () => this.computePv(station, lang));
  }

  private async computePv(station: StationRow, lang: Lang): Promise<PvChargerSummary> {
    const tz = station.timezone;
    const since = localDayStart(localDateOf(Date.now(), tz), tz);
    const [list, pvMeter] = await Promise.all([
      loadStationDevices(this.db, station.id, { types: ['pv', 'charger'] }),
      this.energy.meterCounters(station.id, 'pv'),
    ]);
    const pv = list.filter((d) => d.type === 'pv');
    const piles = list.filter((d) => d.type === 'charger');
    const pileCounters = piles.flatMap((d) => d.points.filter((p) => p.code === 'totalEnergy').map((p) => p.id));
    const pvForward = pvMeter?.forward ?? null;
    const increase = await this.energy.increaseSince([...pileCounters, ...(pvForward ? [pvForward] : [])], since, tz);
    const pvTotal = pvForward
      ? ((await latestOf(this.db, [pvForward])).get(pvForward)?.value ?? null)
      : sumOf(pv.map((d) => pointValue(d, 'totalEnergy')));
    return {
      pv: {
        total: pv.length,
        online: pv.filter((d) => d.status === 'online').length,
        powerKw: sumOf(pv.map((d) => pointValue(d, 'p'))),
        todayKwh: pvForward
          ? fromMicro(increase.get(pvForward) ?? 0)
          : sumOf(pv.map((d) => pointValue(d, 'dailyEnergy'))),
        totalKwh: pvTotal,
      },
      chargers: {
        total: piles.length,
        online: piles.filter((d) => d.status === 'online').length,
        charging: piles.filter((d) => d.status === 'online' && pointValue(d, 'state') === 1).length,
        fault: piles.filter(inFault).length,
        powerKw: sumOf(piles.map((d) => pointValue(d, 'p'))),
        todayKwh: piles.length ? fromMicro(pileCounters.reduce((s, id) => s + (increase.get(id) ?? 0), 0)) : null,
        piles: piles.map((d) => ({
          deviceId: d.id,
          sn: d.sn,
          name: rowName(d, lang),
          status: d.status,
          ...stateOf(d, 'state', lang),
          powerKw: pointValue(d, 'p'),
          sessionKwh: pointValue(d, 'sessionEnergy'),
          evSoc: pointValue(d, 'evSoc'),
          unitPrice: d.unitPrice,
          serviceFee: d.serviceFee,
        })),
      },
    };
  }
}
