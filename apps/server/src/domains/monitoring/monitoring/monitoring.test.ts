import type {
  AirConditionResult,
  DeviceStatusSummary,
  PvChargerSummary,
  StationSummary,
  StorageUnits,
} from '@ess/contract';
import { localDateOf, localDayStart } from '@ess/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../../db/schema';
import { call, createTestApp, stationIdLookup, type TestContext } from '../../../test/harness';
import { ROLES, type Role, sees, signInAll } from '../../stations/device/sessions.kit';
import {
  deviceIdOf,
  pointIdOf,
  writeLatest,
  writeQuarter,
  writeSamples,
} from '../../stations/point/telemetry-fixtures.kit';

const OPEN = '/api/business/openStation';
const TZ = 'Asia/Shanghai';
let ctx: TestContext;
let tokens: Record<Role, string>;
let sid: (code: string) => number;
let now: number;

const post = async <T>(role: Role, url: string, body: object, lang = 'en_US'): Promise<T> => {
  const res = await call(ctx.app, tokens[role], 'POST', url, body, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
  tokens = await signInAll(ctx.app);
  sid = await stationIdLookup(ctx.database.db);
  now = Date.now();
  const db = ctx.database.db;
  const latest = async (sn: string, values: Record<string, number>, ts = now) => {
    for (const [code, value] of Object.entries(values)) {
      await writeLatest(db, [{ pointId: await pointIdOf(db, sn, code), ts, value }]);
    }
  };
  // JS-SZ01, a container plant: two PCS, four clusters, two air conditioners.
  await latest('JS-SZ01-VIRT', {
    storagePower: 900,
    soc: 61,
    pvPower: 310.5,
    loadPower: 1500,
    gridPower: 289.5,
    chargerPower: 120,
  });
  await latest('JS-SZ01-PCS-1', { p: 450, runState: 2 });
  await latest('JS-SZ01-PCS-2', { p: 450, runState: 3 });
  await latest('JS-SZ01-BMS-1-1', { soc: 60 });
  await latest('JS-SZ01-BMS-1-2', { soc: 64 });
  await latest('JS-SZ01-AC-1', { state: 1, supplyTemp: 18.5, returnTemp: 27, humidity: 45, p: 6.2, setTemp: 22 });
  await latest('JS-SZ01-DC-1', { state: 1, p: 60, sessionEnergy: 12.5, evSoc: 55 });
  await latest('JS-SZ01-DC-2', { state: 2, p: 0 });
  await latest('JS-SZ01-PV-1', { p: 55.5 });
  await latest('JS-SZ01-PV-2', { p: 50 });
  await db
    .update(devices)
    .set({ status: 'online' })
    .where(
      inArray(devices.id, [
        await deviceIdOf(db, 'JS-SZ01-PCS-1'),
        await deviceIdOf(db, 'JS-SZ01-PCS-2'),
        await deviceIdOf(db, 'JS-SZ01-DC-1'),
        await deviceIdOf(db, 'JS-SZ01-DC-2'),
        await deviceIdOf(db, 'JS-SZ01-PV-1'),
      ]),
    );
  // Today's counters of PCS-1: 5 kWh charged and 20 kWh discharged since local midnight.
  const midnight = localDayStart(localDateOf(now, TZ), TZ);
  const chargeE = await pointIdOf(db, 'JS-SZ01-PCS-1', 'chargeEnergy');
  const dischargeE = await pointIdOf(db, 'JS-SZ01-PCS-1', 'dischargeEnergy');
  await writeQuarter(db, chargeE, midnight - 900_000, 95, 100);
  await writeQuarter(db, dischargeE, midnight - 900_000, 190, 200);
  await writeQuarter(db, chargeE, midnight, 100, 105);
  await writeQuarter(db, dischargeE, midnight, 200, 220);
  // A cabinet plant: GD-GZ01.
  await latest('GD-GZ01-CAB-01', {
    p: -50,
    soc: 42.5,
    runState: 1,
    acState: 1,
    envTemp: 26.5,
    cellTmax: 31,
    cellTmin: 24,
  });
});
afterAll(() => ctx?.close());

describe('energy flow (middle)', () => {
  it('gives the station totals with their signs and the newest sample time', async () => {
    const flow = await post<StationSummary>('operator', `${OPEN}/middle`, { stationId: sid('JS-SZ01') });
    expect(flow).toEqual({
      stationId: sid('JS-SZ01'),
      ts: now,
      storagePower: 900,
      soc: 61,
      pvPower: 310.5,
      loadPower: 1500,
      gridPower: 289.5,
      chargerPower: 120,
    });
    const none = await post<StationSummary>('admin', `${OPEN}/middle`, { stationId: sid('GD-DG01') });
    expect(none).toMatchObject({ ts: null, storagePower: null, soc: null });
  });
});

describe('device status summary (middlePart)', () => {
  it('counts devices per type: online, offline and in fault', async () => {
    const s = await post<DeviceStatusSummary>('operator', `${OPEN}/middlePart`, { stationId: sid('JS-SZ01') });
    const pcs = s.types.find((t) => t.type === 'pcs');
    expect(pcs).toEqual({ type: 'pcs', typeName: 'PCS', total: 2, online: 2, offline: 0, fault: 1 });
    expect(s.types.find((t) => t.type === 'charger')).toMatchObject({ total: 4, online: 2, fault: 1 });
    expect(s.types.map((t) => t.type)).toEqual(['ems', 'pcs', 'bms', 'meter', 'pv', 'charger', 'ac']);
    expect(s.total).toEqual({ total: 23, online: 5, offline: 18, fault: 2 });
  });
});

describe('storage units (getPCSElecData)', () => {
  it("lists a container plant's PCS with power, clusters' SOC, run state and today's energy", async () => {
    const r = await post<StorageUnits>('operator', `${OPEN}/getPCSElecData`, { stationId: sid('JS-SZ01') });
    expect(r.date).toBe(localDateOf(now, TZ));
    expect(r.units.map((u) => u.name)).toEqual(['PCS-1', 'PCS-2']);
    expect(r.units[0]).toMatchObject({
      type: 'pcs',
      status: 'online',
      ratedPowerKw: 1250,
      powerKw: 450,
      soc: 62,
      runState: 2,
      runStateText: 'Discharging',
      todayChargeKwh: 5,
      todayDischargeKwh: 20,
      ts: now,
    });
    expect(r.units[1]).toMatchObject({ runStateText: 'Fault', soc: null, todayChargeKwh: 0 });
  });

  it("lists a cabinet plant's cabinets", async () => {
    const r = await post<StorageUnits>('maintainer', `${OPEN}/getPCSElecData`, { stationId: sid('GD-GZ01') }, 'zh_CN');
    expect(r.units).toHaveLength(1);
    expect(r.units[0]).toMatchObject({
      type: 'cabinet',
      powerKw: -50,
      soc: 42.5,
      runStateText: '充电',
      ratedPowerKw: 100,
    });
  });
});

describe('air conditioning (common/getAirCondition)', () => {
  it('gives air conditioners with temperatures and the cabinets’ AC state', async () => {
    const js = await post<AirConditionResult>('admin', '/api/business/common/getAirCondition', {
      stationId: sid('JS-SZ01'),
    });
    expect(js.cabinets).toEqual([]);
    expect(js.airConditioners.map((a) => a.name)).toEqual(['AC-1', 'AC-2']);
    expect(js.airConditioners[0]).toMatchObject({
      state: 1,
      stateText: 'Cooling',
      supplyTemp: 18.5,
      returnTemp: 27,
      humidity: 45,
      powerKw: 6.2,
      setTemp: 22,
      ts: now,
    });
    expect(js.airConditioners[1]).toMatchObject({ state: null, stateText: null, supplyTemp: null, ts: null });
    const gd = await post<AirConditionResult>('manager', '/api/business/common/getAirCondition', {
      stationId: sid('GD-GZ01'),
    });
    expect(gd.cabinets[0]).toMatchObject({ stateText: 'Cooling', envTemp: 26.5, cellTmax: 31, cellTmin: 24 });
  });
});

describe('PV and charging piles (common/middlePart)', () => {
  it('sums PV power, and gives each pile with state, power and session energy', async () => {
    const r = await post<PvChargerSummary>('operator', '/api/business/common/middlePart', {
      stationId: sid('JS-SZ01'),
    });
    expect(r.pv).toMatchObject({ total: 6, online: 1, powerKw: 105.5 });
    expect(r.chargers).toMatchObject({ total: 4, online: 2, charging: 1, fault: 1, powerKw: 60, todayKwh: 0 });
    expect(r.chargers.piles[0]).toMatchObject({
      name: 'DC-Pile-1',
      state: 1,
      stateText: 'Charging',
      powerKw: 60,
      sessionKwh: 12.5,
      evSoc: 55,
      unitPrice: 1.2,
      serviceFee: 0.6,
    });
  });
});

describe('power curves', () => {
  it("gives today's storage, PV, load and grid power in 15-minute averages (realtimeCurve)", async () => {
    const db = ctx.database.db;
    const day = '2024-03-05';
    const midnight = localDayStart(day, TZ);
    const storage = await pointIdOf(db, 'GD-GZ01-VIRT', 'storagePower');
    const grid = await pointIdOf(db, 'GD-GZ01-VIRT', 'gridPower');
    await writeSamples(db, [
      { pointId: storage, ts: midnight + 60_000, value: -40 },
      { pointId: storage, ts: midnight + 120_000, value: -60 },
      { pointId: storage, ts: midnight + 3_600_000, value: 80 },
      { pointId: grid, ts: midnight + 60_000, value: 10 },
      // The next day is not part of it.
      { pointId: storage, ts: midnight + 86_400_000, value: 1 },
    ]);
    const r = await post<{ date: string; from: number; to: number; series: { code: string; data: number[][] }[] }>(
      'maintainer',
      `${OPEN}/realtimeCurve`,
      { stationId: sid('GD-GZ01'), date: day },
    );
    expect(r).toMatchObject({ date: day, timezone: TZ, from: midnight, to: midnight + 86_400_000 });
    expect(r.series.map((s) => s.code)).toEqual(['storagePower', 'pvPower', 'loadPower', 'gridPower']);
    expect(r.series[0]).toMatchObject({ resolution: '15m', bucketMs: 900_000 });
    expect(r.series[0]?.data).toEqual([
      [midnight, -50],
      [midnight + 3_600_000, 80],
    ]);
    expect(r.series[3]?.data).toEqual([[midnight, 10]]);
    const today = await post<{ date: string }>('maintainer', `${OPEN}/realtimeCurve`, { stationId: sid('GD-GZ01') });
    expect(today.date).toBe(localDateOf(Date.now(), TZ));
    for (const date of ['9999-01-01', '2024-13-01', 'today']) {
      const bad = await call(ctx.app, tokens.admin, 'POST', `${OPEN}/realtimeCurve`, {
        stationId: sid('GD-GZ01'),
        date,
      });
      expect(bad.statusCode, date).toBe(400);
    }
  });

  it('gives curves of chosen device points, today so far by default (dynamicRealtimeCurve)', async () => {
    const db = ctx.database.db;
    const cab = await deviceIdOf(db, 'GD-GZ01-CAB-01');
    const virt = await deviceIdOf(db, 'GD-GZ01-VIRT');
    const t = Date.now() - 60_000;
    await writeSamples(db, [{ pointId: await pointIdOf(db, 'GD-GZ01-CAB-01', 'soc'), ts: t, value: 43 }]);
    const r = await post<{ from: number; series: { deviceId: number; code: string; data: number[][] }[] }>(
      'maintainer',
      `${OPEN}/dynamicRealtimeCurve`,
      {
        stationId: sid('GD-GZ01'),
        items: [
          { deviceId: cab, code: 'soc' },
          { deviceId: virt, code: 'storagePower' },
        ],
      },
    );
    expect(r.from).toBe(localDayStart(localDateOf(Date.now(), TZ), TZ));
    expect(r.series.map((s) => [s.deviceId, s.code])).toEqual([
      [cab, 'soc'],
      [virt, 'storagePower'],
    ]);
    expect(r.series[0]?.data).toEqual([[t, 43]]);
    const other = await call(ctx.app, tokens.admin, 'POST', `${OPEN}/dynamicRealtimeCurve`, {
      stationId: sid('GD-GZ01'),
      items: [{ deviceId: await deviceIdOf(db, 'JS-SZ01-PCS-1'), code: 'p' }],
    });
    expect(other.statusCode).toBe(404);
    const unknown = await call(ctx.app, tokens.admin, 'POST', `${OPEN}/dynamicRealtimeCurve`, {
      stationId: sid('GD-GZ01'),
      items: [{ deviceId: cab, code: 'nope' }],
    });
    expect(unknown.statusCode).toBe(400);
    const backwards = await call(ctx.app, tokens.admin, 'POST', `${OPEN}/dynamicRealtimeCurve`, {
      stationId: sid('GD-GZ01'),
      items: [{ deviceId: cab, code: 'soc' }],
      from: Date.now() + 86_400_000,
    });
    expect(backwards.statusCode).toBe(400);
  });
});

describe('scope of every monitoring call', () => {
  const calls: [string, object][] = [
    [`${OPEN}/pcsStationData`, {}],
    [`${OPEN}/realtimeCurve`, {}],
    [`${OPEN}/middle`, {}],
    [`${OPEN}/middlePart`, {}],
    [`${OPEN}/incomeData`, { from: '2024-01-01', to: '2024-01-31' }],
    [`${OPEN}/getPCSElecData`, {}],
    ['/api/business/common/getAirCondition', {}],
    ['/api/business/common/middlePart', {}],
  ];

  it('answers each role in its stations and 404 outside them; read-only roles read', async () => {
    for (const [url, extra] of calls) {
      for (const role of ROLES) {
        for (const code of ['JS-NJ01', 'GD-SZ01']) {
          const res = await call(ctx.app, tokens[role], 'POST', url, { stationId: sid(code), ...extra });
          expect(res.statusCode, `${role} ${url} ${code}: ${res.body.slice(0, 100)}`).toBe(
            sees(role, code) ? 200 : 404,
          );
        }
      }
      const bad = await call(ctx.app, tokens.admin, 'POST', url, { stationId: 'x', ...extra });
      expect(bad.statusCode, url).toBe(400);
    }
  });
});
