import {
  addDays,
  localDateOf,
  localParts,
  type PlanCurveSegment,
  type PlanDelivery,
  type PlannedVsActual,
  planCurveApi,
  sealSecret,
} from '@ess/contract';
import type { Simulation, StationModel } from '@ess/simulator';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { devices, stations } from '../../../db/schema';
import { tsLatest } from '../../../db/telemetry-schema';
import { startDemoSimulation } from '../../../simulation/demo-simulation';
import { ADMIN_PASSWORD, call, createTestApp, login, publicKeyOf, type TestContext } from '../../../test/harness';
import { findTotalsDevice } from '../../monitoring/monitoring/station-totals';
import { createTestStation } from '../../telemetry/telemetry/test-station.kit';

const TIMEOUT_S = 3;
let ctx: TestContext;
let token: string;
let sim: Simulation | null = null;
/** A simulated station with its EMS online, a small one (100 kW) and a station without an EMS. */
let big: { id: number; code: string; emsSn: string; model: StationModel };
let small: { id: number; ratedPowerKw: number };
let noEms: { id: number };

const post = (path: string, body: object, lang = 'en_US') => call(ctx.app, token, 'POST', `/api${path}`, body, lang);
const sealed = async () => {
  const s = await sealSecret(await publicKeyOf(ctx.app), ADMIN_PASSWORD);
  return { password: s.cipher, aesKey: s.aesKey, iv: s.iv };
};

beforeAll(async () => {
  ctx = await createTestApp({
    SIMULATOR: 'on',
    SIMULATOR_INTERVAL_S: '1',
    SIMULATOR_BACKFILL_HOURS: '0',
    COMMAND_TIMEOUT_S: String(TIMEOUT_S),
  });
  token = await login(ctx.app, 'admin');
  const db = ctx.database.db;
  sim = await startDemoSimulation({
    env: ctx.env,
    db,
    brokerUrl: ctx.mqttUrl ?? '',
    log: { info: () => {}, warn: () => {} },
  });
  const byCode = async (code: string) => {
    const [s] = await db.select().from(stations).where(eq(stations.code, code));
    if (!s) throw new Error(`no station ${code}`);
    return s;
  };
  const a = await byCode('JS-SZ01');
  const [ems] = await db
    .select({ sn: devices.sn })
    .from(devices)
    .where(and(eq(devices.stationId, a.id), eq(devices.type, 'ems')));
  const model = sim?.stations.find((s) => s.model.code === a.code)?.model;
  if (!ems || !model) throw new Error('JS-SZ01 has no simulated EMS');
  big = { id: a.id, code: a.code, emsSn: ems.sn, model };
  const g = await byCode('GD-GZ01');
  small = { id: g.id, ratedPowerKw: g.ratedPowerKw };
  noEms = { id: (await createTestStation(db)).id };
  // The EMS must be online before a command can be delivered to it.
  const [emsRow] = await db.select({ id: devices.id }).from(devices).where(eq(devices.sn, ems.sn));
  await vi.waitFor(() => expect(ctx.app.telemetry?.deviceOnline(emsRow?.id ?? 0)).toBe(true), { timeout: 20_000 });
}, 120_000);

afterAll(async () => {
  await sim?.stop();
  await ctx?.close();
});

const seg = (start: string, end: string, powerKw: number, socMin = 0, socMax = 100): PlanCurveSegment => ({
  start,
  end,
  powerKw,
  socMin,
  socMax,
});

const addTemplate = async (code: string, segments: PlanCurveSegment[], lang = 'en_US') =>
  post(planCurveApi.add.path, { code, name: `Plan ${code}`, segments, enabled: true }, lang);

describe('plan curve templates', () => {
  it('refuses invalid templates with the spec messages, in every language', async () => {
    const cases: [PlanCurveSegment[], string][] = [
      [[seg('00:00', '08:00', -100), seg('07:00', '09:00', 100)], 'The time segments overlap'],
      [[seg('09:00', '08:00', -100)], 'The start time must be before the end time'],
      [[seg('00:00', '08:00', -100, 60, 40)], 'The SOC lower limit may not exceed the upper limit'],
      [[seg('00:00', '08:00', -100, 0, 120)], 'SOC must be between 0 and 100'],
      [[seg('00:00', '08:00', 100_000_000)], 'The value must be between -99,999,999 and 99,999,999'],
      [[], 'Add at least one time segment'],
    ];
    for (const [segments, msg] of cases) {
      const res = await addTemplate('BAD-1', segments);
      expect(res.statusCode, msg).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    const zh = await addTemplate('BAD-1', [seg('00:00', '08:00', -1), seg('07:00', '09:00', 1)], 'zh_CN');
    expect(zh.json().msg).toBe('时间段重叠');
    const noName = await post(planCurveApi.add.path, {
      code: 'BAD-2',
      name: ' ',
      segments: [seg('00:00', '01:00', 1)],
    });
    expect(noName.json()).toMatchObject({ msg: 'Enter the name' });
    const page = (await post(planCurveApi.page.path, { keyword: 'BAD' })).json().data;
    expect(page.total).toBe(0);
  });

  it('adds, pages, edits with a new version, refuses a taken number and deletes only when disabled', async () => {
    const res = await addTemplate('PC-CRUD', [seg('10:00', '12:00', 50), seg('00:00', '06:00', -50)]);
    expect(res.statusCode, res.body).toBe(200);
    const t = res.json().data;
    // Stored sorted by start.
    expect(t.segments.map((s: PlanCurveSegment) => s.start)).toEqual(['00:00', '10:00']);
    expect(t).toMatchObject({ code: 'PC-CRUD', enabled: true, modifiedBy: expect.any(String) });
    expect((await addTemplate('PC-CRUD', [seg('00:00', '01:00', 1)])).statusCode).toBe(409);

    const page = (await post(planCurveApi.page.path, { keyword: 'crud', pageSize: 5 })).json().data;
    expect(page).toMatchObject({ total: 1, rows: [{ id: t.id }] });

    const up = await post(planCurveApi.update.path, { ...t, name: 'Renamed' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data.modifyTime).toBeGreaterThan(t.modifyTime);

    const del = await post(planCurveApi.remove.path, { id: t.id });
    expect(del.statusCode).toBe(409);
    expect(del.json().msg).toBe('Disable the template before deleting it');
    expect((await post(planCurveApi.setEnabled.path, { id: t.id, enabled: false })).json().data.enabled).toBe(false);
    expect((await post(planCurveApi.remove.path, { id: t.id })).statusCode).toBe(200);
    expect((await post(planCurveApi.detail.path, { id: t.id })).statusCode).toBe(404);
  });
});

describe('delivery to stations', () => {
  let template: { id: number; modifyTime: number; segments: PlanCurveSegment[] };
  let delivery: PlanDelivery;
  /** The plan's power: a charge the station can take now (full day, so the current step has it). */
  const PLAN_KW = -400;

  beforeAll(async () => {
    const res = await addTemplate('PC-DELIVER', [seg('00:00', '24:00', PLAN_KW, 0, 100)]);
    template = res.json().data;
  });

  it('asks for the password, the saved version, something to deliver and power within every rated power', async () => {
    const pwd = await sealed();
    const wrong = await sealSecret(await publicKeyOf(ctx.app), 'not-the-password');
    const bad = await post(planCurveApi.deliver.path, {
      templateId: template.id,
      stationIds: [big.id],
      modifyTime: template.modifyTime,
      password: wrong.cipher,
      aesKey: wrong.aesKey,
      iv: wrong.iv,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('Incorrect password');

    const stale = await post(planCurveApi.deliver.path, {
      templateId: template.id,
      stationIds: [big.id],
      modifyTime: template.modifyTime - 1,
      ...(await sealed()),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe('Data not saved, save first');

    const none = await post(planCurveApi.deliver.path, {
      templateId: template.id,
      stationIds: [],
      modifyTime: template.modifyTime,
      ...pwd,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toBe('No data to distribute');

    expect(Math.abs(PLAN_KW)).toBeGreaterThan(small.ratedPowerKw);
    const over = await post(planCurveApi.deliver.path, {
      templateId: template.id,
      stationIds: [big.id, small.id],
      modifyTime: template.modifyTime,
      ...(await sealed()),
    });
    // Rated power is the bound (issue 20 finding 5): refused for all stations, naming the station and segment.
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 400, data: { field: 'segments[0].powerKw', stationId: small.id } });
    expect(over.json().msg).toBe(
      `广州南沙光储电站, segment 1 (00:00–24:00): the value of Station power setpoint must be between -${small.ratedPowerKw} and ${small.ratedPowerKw}: the station's rated power is ${small.ratedPowerKw} kW`,
    );
    // The old confirmation no longer passes it.
    const confirmed = await post(planCurveApi.deliver.path, {
      templateId: template.id,
      stationIds: [small.id],
      modifyTime: template.modifyTime,
      confirmOverRated: true,
      ...(await sealed()),
    });
    expect(confirmed.statusCode).toBe(400);
    // Nothing was sent by the refused calls.
    const history = (await post(planCurveApi.deliveryPage.path, { templateId: template.id })).json().data;
    expect(history.total).toBe(0);
  });

  it('delivers to several stations: the simulated EMS succeeds, the station without an EMS fails', async () => {
    const res = await post(planCurveApi.deliver.path, {
      templateId: template.id,
      stationIds: [big.id, noEms.id],
      modifyTime: template.modifyTime,
      ...(await sealed()),
    });
    expect(res.statusCode, res.body).toBe(200);
    delivery = res.json().data;
    const rowOf = (d: PlanDelivery, id: number) => d.stations.find((s) => s.stationId === id);
    expect(rowOf(delivery, noEms.id)).toMatchObject({
      commandId: null,
      state: 'failure',
      message: 'The station equipment does not exist',
    });
    expect(['sent', 'success']).toContain(rowOf(delivery, big.id)?.state);
    await vi.waitFor(
      async () => {
        const d: PlanDelivery = (await post(planCurveApi.deliveryDetail.path, { id: delivery.id })).json().data;
        expect(rowOf(d, big.id)?.state).toBe('success');
        expect(d.state).toBe('partial');
      },
      { timeout: 10_000 },
    );
    expect(delivery.segments).toEqual(template.segments);
    // The EMS switched to plan curve mode and follows the plan.
    expect(big.model.readings(big.emsSn)?.mode).toBe(2);
  });

  it('lists the history by station, template, state and time', async () => {
    const q = (body: object) => post(planCurveApi.deliveryPage.path, body).then((r) => r.json().data);
    expect((await q({ stationId: big.id })).rows.map((r: PlanDelivery) => r.id)).toContain(delivery.id);
    expect((await q({ templateId: template.id, state: 'partial' })).total).toBe(1);
    expect((await q({ templateId: template.id, state: 'success' })).total).toBe(0);
    expect((await q({ templateId: template.id, from: delivery.createTime + 60_000 })).total).toBe(0);
    const row = (await q({ templateId: template.id })).rows[0];
    expect(row).toMatchObject({ id: delivery.id, templateCode: 'PC-DELIVER', issuedBy: expect.any(String) });
    expect(row.stations).toHaveLength(2);
    // Another delivery while this station's is in flight is refused there, others proceed.
    sim?.setCommandBehaviour(big.emsSn, 'silent');
    try {
      const first = (
        await post(planCurveApi.deliver.path, {
          templateId: template.id,
          stationIds: [big.id],
          modifyTime: template.modifyTime,
          ...(await sealed()),
        })
      ).json().data as PlanDelivery;
      expect(first.stations[0]?.state).toBe('sent');
      const second = (
        await post(planCurveApi.deliver.path, {
          templateId: template.id,
          stationIds: [big.id],
          modifyTime: template.modifyTime,
          ...(await sealed()),
        })
      ).json().data as PlanDelivery;
      expect(second.stations[0]).toMatchObject({ state: 'failure', message: 'Delivery in progress, please wait' });
      await vi.waitFor(
        async () => {
          const d = (await post(planCurveApi.deliveryDetail.path, { id: first.id })).json().data;
          expect(d.stations[0].state).toBe('timeout');
        },
        { timeout: (TIMEOUT_S + 4) * 1000 },
      );
    } finally {
      sim?.setCommandBehaviour(big.emsSn, 'normal');
    }
  }, 20_000);

  it("the station's storage power follows the plan, and planned versus actual shows it", async () => {
    const m = big.model;
    // What the batteries can take now: the planned power unless the SOC window or the rating limits it.
    const canTake = m.storageUnits.reduce((s, u) => s + u.chargeLimitKw(60), 0);
    const expected = -Math.min(Math.abs(PLAN_KW), canTake);
    expect(m.dispatchInfo.plannedKw).toBe(PLAN_KW);
    const totals = await findTotalsDevice(ctx.database.db, big.id);
    const pointId = totals?.pointIds.storagePower ?? 0;
    await vi.waitFor(
      async () => {
        const [latest] = await ctx.database.db.select().from(tsLatest).where(eq(tsLatest.pointId, pointId));
        expect(latest?.ts.getTime() ?? 0).toBeGreaterThan(Date.now() - 5_000);
        expect(Math.abs((latest?.value ?? 0) - expected)).toBeLessThan(Math.abs(PLAN_KW) * 0.08);
      },
      { timeout: 15_000, interval: 500 },
    );

    const tz = 'Asia/Shanghai';
    const date = localDateOf(Date.now(), tz);
    const res = await post(planCurveApi.plannedVsActual.path, { stationId: big.id, date });
    expect(res.statusCode, res.body).toBe(200);
    const chart: PlannedVsActual = res.json().data;
    const { hour, minute } = localParts(Date.now(), tz);
    const step = Math.floor((hour * 60 + minute) / 15);
    expect(chart.times).toHaveLength(96);
    expect(chart.planned[step]).toBe(PLAN_KW);
    expect(chart.plans.map((p) => p.deliveryId)).toContain(delivery.id);
    // Steps that ended before the first plan was accepted have none.
    const accepted = delivery.stations.find((s) => s.stationId === big.id);
    if (step > 0 && accepted) expect(chart.planned[0]).toBeNull();
    await vi.waitFor(
      async () => {
        const c: PlannedVsActual = (await post(planCurveApi.plannedVsActual.path, { stationId: big.id, date })).json()
          .data;
        expect(c.actual[step]).not.toBeNull();
        expect(c.soc[step]).not.toBeNull();
      },
      { timeout: 10_000 },
    );
    // The plan stays in force on the following days; the day before had none.
    const next: PlannedVsActual = (
      await post(planCurveApi.plannedVsActual.path, { stationId: big.id, date: addDays(date, 1) })
    ).json().data;
    expect(new Set(next.planned)).toEqual(new Set([PLAN_KW]));
    expect(next.actual.every((v) => v === null)).toBe(true);
    const before: PlannedVsActual = (
      await post(planCurveApi.plannedVsActual.path, { stationId: big.id, date: addDays(date, -1) })
    ).json().data;
    expect(before.planned.every((v) => v === null)).toBe(true);
    expect(before.plans).toEqual([]);
    // Outside the caller's scope or unknown: 404.
    expect((await post(planCurveApi.plannedVsActual.path, { stationId: 999_999, date })).statusCode).toBe(404);
  }, 40_000);
});
