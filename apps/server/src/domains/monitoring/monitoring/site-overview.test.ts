import {
  addDays,
  DISCHARGE_SOC_FLOOR_PCT,
  EXAMPLE_TOU_PRICES,
  EXAMPLE_TOU_SEGMENTS,
  localDateOf,
  localDayStart,
  periodAt,
  type SiteOverviewRow,
  type StationKpis,
  type StationReport,
  TOU_PERIODS,
} from '@ess/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmEvents } from '../../../db/alarm-schema';
import { devices } from '../../../db/schema';
import { call, createTestApp, stationIdLookup, type TestContext } from '../../../test/harness';
import { insertRaised, recoverKeys } from '../../alarms/alarm/alarm-store.repository';
import { type Role, signInAll } from '../../stations/device/sessions.kit';
import { deviceIdOf, pointIdOf, writeLatest, writeQuarter } from '../../stations/point/telemetry-fixtures.kit';
import { useExampleTariff } from '../rate/tariff-fixtures.kit';

const OPEN = '/api/business/openStation';
const TZ = 'Asia/Shanghai';
const QUARTER = 900_000;
let ctx: TestContext;
let tokens: Record<Role, string>;
let sid: (code: string) => number;
let now: number;
let today: string;

/** What the test wrote for JS-SZ01: today's energy per TOU period and the counters' readings. */
const written = {
  charge: Object.fromEntries(TOU_PERIODS.map((p) => [p, 0])) as Record<(typeof TOU_PERIODS)[number], number>,
  discharge: Object.fromEntries(TOU_PERIODS.map((p) => [p, 0])) as Record<(typeof TOU_PERIODS)[number], number>,
  totalCharge: 0,
  totalDischarge: 0,
};
const sum = (r: Record<string, number>) => Object.values(r).reduce((s, v) => s + v, 0);

const post = async <T>(role: Role, url: string, body: object): Promise<T> => {
  const res = await call(ctx.app, tokens[role], 'POST', url, body, 'en_US');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const overview = (role: Role = 'admin') => post<SiteOverviewRow[]>(role, `${OPEN}/siteOverview`, {});
const rowOf = (rows: SiteOverviewRow[], code: string): SiteOverviewRow => {
  const row = rows.find((r) => r.code === code);
  if (!row) throw new Error(`no row for ${code}`);
  return row;
};

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
  tokens = await signInAll(ctx.app);
  sid = await stationIdLookup(ctx.database.db);
  // Its expected revenue is derived from the example template (the seed gives province tariffs).
  await useExampleTariff(ctx.database.db, ['JS-SZ01']);
  const db = ctx.database.db;
  now = Date.now();
  today = localDateOf(now, TZ);
  const midnight = localDayStart(today, TZ);
  const latest = async (sn: string, values: Record<string, number>, ts = now) => {
    for (const [code, value] of Object.entries(values)) {
      await writeLatest(db, [{ pointId: await pointIdOf(db, sn, code), ts, value }]);
    }
  };
  const setStatus = async (status: 'online' | 'offline', sns: string[], lastSeen: number | null = now) => {
    const ids = await Promise.all(sns.map((sn) => deviceIdOf(db, sn)));
    await db
      .update(devices)
      .set({ status, lastSeenAt: lastSeen === null ? null : new Date(lastSeen) })
      .where(inArray(devices.id, ids));
  };

  // JS-SZ01 (container plant, example TOU template): the storage meter's counters start at 0
  // yesterday evening, then every quarter of today so far charges in the valley and discharges
  // at the peaks.
  const c = await pointIdOf(db, 'JS-SZ01-MTR-ES', 'reverseEnergy');
  const d = await pointIdOf(db, 'JS-SZ01-MTR-ES', 'forwardEnergy');
  await writeQuarter(db, c, midnight - QUARTER, 0, 1000);
  await writeQuarter(db, d, midnight - QUARTER, 0, 880);
  let cv = 1000;
  let dv = 880;
  for (let b = midnight; b <= now; b += QUARTER) {
    const i = (b - midnight) / QUARTER;
    const period = periodAt(EXAMPLE_TOU_SEGMENTS, i * 15);
    const ci = period === 'valley' ? 40.125 + (i % 3) * 0.5 : 0.25;
    const di = period === 'peak' || period === 'sharp' ? 52.75 + (i % 4) * 0.125 : 0.5;
    written.charge[period] += ci;
    written.discharge[period] += di;
    await writeQuarter(db, c, b, cv, cv + ci);
    await writeQuarter(db, d, b, dv, dv + di);
    cv += ci;
    dv += di;
  }
  written.totalCharge = cv;
  written.totalDischarge = dv;
  await latest('JS-SZ01-MTR-ES', { reverseEnergy: cv, forwardEnergy: dv });
  await latest('JS-SZ01-VIRT', { storagePower: 900, soc: 61 });
  await latest('JS-SZ01-EMS', { cpu: 12.5, mem: 40, disk: 70 });
  await latest('JS-SZ01-PCS-1', { runState: 2, igbtTemp: 55, efficiency: 0 });
  await latest('JS-SZ01-PCS-2', { runState: 2, igbtTemp: 61, efficiency: 0 });
  await latest('JS-SZ01-BMS-1-1', { cellTmin: 21, cellTmax: 30 });
  await latest('JS-SZ01-BMS-2-1', { cellTmin: 22, cellTmax: 33 });
  // A cluster that went offline keeps its last (hot) reading: not a current value.
  await latest('JS-SZ01-BMS-1-2', { cellTmin: 5, cellTmax: 48 });
  await setStatus('online', ['JS-SZ01-EMS', 'JS-SZ01-PCS-1', 'JS-SZ01-PCS-2', 'JS-SZ01-BMS-1-1', 'JS-SZ01-BMS-2-1']);
  await setStatus('offline', ['JS-SZ01-BMS-1-2'], now - 600_000);

  // GD-GZ01 (one cabinet): communicating, its cabinet in fault, the meter reporting no change today.
  const gc = await pointIdOf(db, 'GD-GZ01-MTR-ES', 'reverseEnergy');
  const gd = await pointIdOf(db, 'GD-GZ01-MTR-ES', 'forwardEnergy');
  await writeQuarter(db, gc, midnight - QUARTER, 500, 500);
  await writeQuarter(db, gd, midnight - QUARTER, 450, 450);
  await writeQuarter(db, gc, midnight, 500, 500);
  await writeQuarter(db, gd, midnight, 450, 450);
  await latest('GD-GZ01-MTR-ES', { reverseEnergy: 500, forwardEnergy: 450 });
  await latest('GD-GZ01-VIRT', { storagePower: 0, soc: 8 });
  await latest('GD-GZ01-CAB-01', { runState: 3, cellTmin: 24, cellTmax: 31, pcsTemp: 40 });
  await setStatus('online', ['GD-GZ01-EMS', 'GD-GZ01-CAB-01']);

  // ZJ-HZ01: its EMS stopped reporting two hours ago; the totals keep their last values.
  await latest('ZJ-HZ01-VIRT', { storagePower: -300, soc: 70 }, now - 2 * 3_600_000);
  await setStatus('offline', ['ZJ-HZ01-EMS'], now - 2 * 3_600_000);

  // GD-SZ01 (20 cabinets): the EMS reports, every cabinet went offline (the last 30 minutes ago).
  await setStatus('online', ['GD-SZ01-EMS']);
  await db
    .update(devices)
    .set({ status: 'offline', lastSeenAt: new Date(now - 3_600_000) })
    .where(and(eq(devices.stationId, sid('GD-SZ01')), eq(devices.type, 'cabinet')));
  await setStatus('offline', ['GD-SZ01-CAB-07'], now - 1_800_000);

  // ZJ-NB01, under construction, is being commissioned: its EMS reports, its meter counts.
  await setStatus('online', ['ZJ-NB01-EMS']);
  await writeQuarter(db, await pointIdOf(db, 'ZJ-NB01-MTR-ES', 'reverseEnergy'), midnight, 0, 2);
});
afterAll(() => ctx?.close());

describe('monitoring overview of sites (siteOverview)', () => {
  it("gives today's energy, revenue and efficiency from the data written, as the KPI and report calls do", async () => {
    const row = rowOf(await overview(), 'JS-SZ01');
    const revenue = TOU_PERIODS.reduce(
      (s, p) => s + (written.discharge[p] - written.charge[p]) * EXAMPLE_TOU_PRICES[p],
      0,
    );
    expect(row.dailyCharge).toBeCloseTo(sum(written.charge), 6);
    expect(row.dailyDischarge).toBeCloseTo(sum(written.discharge), 6);
    expect(row.todayRevenue).toBeCloseTo(revenue, 6);
    expect(row.currency).toBe('CNY');
    expect(row.totalChargeE).toBeCloseTo(written.totalCharge / 1000, 9);
    expect(row.totalDischargeE).toBeCloseTo(written.totalDischarge / 1000, 9);
    // Round-trip efficiency of the counters, not the PCS's instantaneous reading (0 while idle).
    expect(row.pcsConversion).toBeCloseTo((written.totalDischarge / written.totalCharge) * 100, 9);

    // The home page's KPI call gives the same figures, to the last digit.
    const kpi = await post<StationKpis>('admin', `${OPEN}/pcsStationData`, { stationId: sid('JS-SZ01') });
    expect(row.dailyCharge).toBe(kpi.todayChargeKwh);
    expect(row.dailyDischarge).toBe(kpi.todayDischargeKwh);
    expect(row.todayRevenue).toBe(kpi.todayRevenue);
    expect(row.soc).toBe(kpi.soc);
    expect(row.storagePower).toBe(kpi.storagePowerKw);
    expect(row.pcsConversion).toBe(((kpi.totalDischargeKwh ?? 0) / (kpi.totalChargeKwh ?? 1)) * 100);

    // So does the station report's row of today; being partial (today so far, yesterday's last
    // quarter only), neither day counts for efficiency: the lifetime ratio is the overview's alone.
    const report = await post<StationReport>('admin', '/api/business/stationReport/statistics', {
      stationId: sid('JS-SZ01'),
      granularity: 'day',
      from: addDays(today, -1),
      to: today,
    });
    const todayRow = report.rows.find((r) => r.period === today);
    expect(todayRow?.chargeKwh).toBe(row.dailyCharge);
    expect(todayRow?.dischargeKwh).toBe(row.dailyDischarge);
    expect(todayRow?.revenue).toBe(row.todayRevenue);
    expect(todayRow).toMatchObject({ partial: true, efficiency: null });
    expect(report.total).toMatchObject({ partial: true, wholeDays: 0, efficiency: null });
  });

  it('gives live storage power, SOC and the energy available to discharge of a communicating site', async () => {
    expect(DISCHARGE_SOC_FLOOR_PCT).toBe(10);
    const rows = await overview();
    expect(rowOf(rows, 'JS-SZ01')).toMatchObject({
      status: 'normal',
      storagePower: 900,
      soc: 61,
      // (61 % − the 10 % floor) of 5,000 kWh.
      dischargeableEnergy: 2550,
      minTemperature: 21,
      maxTemperature: 33,
      pcsMaxTemperature: 61,
      emsCpuuseProportion: 12.5,
      emsMemuseProportion: 40,
      emsHarduseProportion: 70,
      alarmStatus: 0,
      alarmNum: 0,
      alarmUnresolvedNum: 0,
    });
    // Below the floor nothing is available; a fault shutdown still communicates.
    expect(rowOf(rows, 'GD-GZ01')).toMatchObject({
      status: 'fault',
      storagePower: 0,
      soc: 8,
      dischargeableEnergy: 0,
      pcsMaxTemperature: 40,
    });
  });

  it('shows zero when the counters say zero and null when there is no data', async () => {
    const rows = await overview();
    expect(rowOf(rows, 'GD-GZ01')).toMatchObject({
      dailyCharge: 0,
      dailyDischarge: 0,
      todayRevenue: 0,
      pcsConversion: 90,
      totalChargeE: 0.5,
    });
    // JS-NJ01 has a storage meter that never reported; GD-DG01 (proposed) has none: the same "no data".
    for (const code of ['JS-NJ01', 'GD-DG01']) {
      expect(rowOf(rows, code), code).toMatchObject({
        dailyCharge: null,
        dailyDischarge: null,
        todayRevenue: null,
        pcsConversion: null,
        totalChargeE: null,
        storagePower: null,
        soc: null,
        dischargeableEnergy: null,
        minTemperature: null,
        emsCpuuseProportion: null,
      });
    }
    // The KPI call agrees: no data today is null there too.
    const kpi = await post<StationKpis>('admin', `${OPEN}/pcsStationData`, { stationId: sid('JS-NJ01') });
    expect(kpi).toMatchObject({ todayChargeKwh: null, todayDischargeKwh: null, todayRevenue: null });
  });

  it('gives the site status of spec 4, and their own status to stations under construction or proposed', async () => {
    const rows = await overview();
    expect(rowOf(rows, 'JS-NJ01')).toMatchObject({ status: 'offline', offlineSince: null, time: null });
    const offline = rowOf(rows, 'GD-SZ01');
    expect(offline).toMatchObject({ status: 'offline', offlineSince: now - 1_800_000 });
    expect(offline.time).toBeGreaterThanOrEqual(30);
    // Lost: how long, and no live values (the last ones are two hours old).
    const lost = rowOf(rows, 'ZJ-HZ01');
    expect(lost).toMatchObject({ status: 'lost', offlineSince: now - 2 * 3_600_000, storagePower: null, soc: null });
    expect(lost.time).toBeGreaterThanOrEqual(120);
    expect(rowOf(rows, 'JS-WX01')).toMatchObject({ status: 'construction', offlineSince: null, time: null });
    expect(rowOf(rows, 'GD-DG01')).toMatchObject({ status: 'proposed', offlineSince: null, time: null });
    // Commissioning data of a station under construction is shown; its status stays "under construction".
    expect(rowOf(rows, 'ZJ-NB01')).toMatchObject({ status: 'construction', dailyCharge: 2, time: null });
  });

  it('gives one row per station in the caller’s scope', async () => {
    expect((await overview('operator')).map((r) => r.code)).toEqual(['JS-SZ01', 'JS-NJ01', 'JS-WX01']);
    expect((await overview('maintainer')).map((r) => r.code)).toEqual(['GD-SZ01', 'GD-GZ01', 'GD-DG01']);
    expect(await overview('manager')).toHaveLength(8);
  });

  it('counts active and unconfirmed alarms; an active critical alarm makes a normal site a fault', async () => {
    const db = ctx.database.db;
    const js = sid('JS-SZ01');
    const event = (key: string, level: 1 | 2 | 3 | 4) => ({
      key,
      stationId: js,
      deviceId: null,
      deviceType: null,
      kind: 'lost' as const,
      definitionId: null,
      pointCode: null,
      value: null,
      limit: null,
      level,
      content: '',
      raisedAt: now - 60_000,
    });
    // Active and unconfirmed (level 3); recovered, unconfirmed (level 2); recovered and confirmed (level 1).
    const [, recovered, done] = await insertRaised(db, [event('a', 3), event('b', 2), event('c', 1)]);
    await recoverKeys(db, [
      { key: 'b', at: now },
      { key: 'c', at: now },
    ]);
    await db
      .update(alarmEvents)
      .set({ confirmed: true })
      .where(eq(alarmEvents.id, done?.id ?? 0));
    expect(recovered).toBeDefined();
    expect(rowOf(await overview(), 'JS-SZ01')).toMatchObject({
      status: 'normal',
      alarmStatus: 3,
      alarmNum: 1,
      alarmUnresolvedNum: 2,
    });
    await insertRaised(db, [event('d', 1)]);
    expect(rowOf(await overview(), 'JS-SZ01')).toMatchObject({
      status: 'fault',
      alarmStatus: 1,
      alarmNum: 2,
      alarmUnresolvedNum: 3,
    });
    // Other stations: none.
    expect(rowOf(await overview(), 'GD-GZ01')).toMatchObject({ alarmStatus: 0, alarmNum: 0, alarmUnresolvedNum: 0 });
  });
});
