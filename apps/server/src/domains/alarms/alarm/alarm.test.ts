import { type AlarmDefinitionBody, type AlarmEvent, topicOf } from '@ess/contract';
import { eq, sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { alarmEvents } from '../../../db/alarm-schema';
import { devices } from '../../../db/schema';
import type { StationAlarmChange } from '../../../kernel/telemetry-bus';
import { call, connectDevice, createTestApp, login, stationIdLookup, type TestContext } from '../../../test/harness';
import { createTestStation, type TestDevice, type TestStation } from '../../telemetry/telemetry/test-station.kit';
import { ruleKey } from './alarm-rules';
import { insertRaised } from './alarm-store.repository';

let ctx: TestContext;
let st: TestStation;
let pcs1: TestDevice;
let pcs2: TestDevice;
const tokens: Record<string, string> = {};
const clients = new Map<string, MqttClient>();
const pushed: StationAlarmChange[] = [];

/** Sample times: whole minutes two hours ago, one block of minutes per test. */
const base = Math.floor((Date.now() - 7_200_000) / 60_000) * 60_000;
const S = 1_000;

beforeAll(async () => {
  ctx = await createTestApp();
  const telemetry = ctx.app.telemetry;
  if (!telemetry) throw new Error('telemetry off');
  st = await createTestStation(ctx.database.db);
  await telemetry.registry.reload();
  telemetry.bus.on('alarm', (c) => pushed.push(c));
  const [a, b] = st.pcs;
  if (!a || !b) throw new Error('fixture');
  pcs1 = a;
  pcs2 = b;
  for (const d of [a, b, st.meter]) clients.set(d.sn, await connectDevice(ctx, d.sn));
  for (const u of ['admin', 'operator', 'maintainer', 'manager']) tokens[u] = await login(ctx.app, u);
});

afterAll(async () => {
  await Promise.all([...clients.values()].map((c) => c.endAsync()));
  await ctx?.close();
});

/** Publishes one sample and resolves once it is committed (PUBACK after commit). */
async function publish(device: TestDevice, ts: number, values: Record<string, number>): Promise<void> {
  const client = clients.get(device.sn);
  if (!client) throw new Error(`no client for ${device.sn}`);
  await client.publishAsync(topicOf(st.code, device.sn, 'telemetry'), JSON.stringify({ ts, values }), { qos: 1 });
}

async function status(device: TestDevice, online: boolean): Promise<void> {
  const client = clients.get(device.sn);
  if (!client) throw new Error(`no client for ${device.sn}`);
  await client.publishAsync(topicOf(st.code, device.sn, 'status'), JSON.stringify({ online }), { qos: 1 });
}

const api = (user: string, path: string, body: object, lang = 'en_US') =>
  call(ctx.app, tokens[user] ?? null, 'POST', `/api${path}`, body, lang);

async function addDefinition(d: Partial<AlarmDefinitionBody> & Pick<AlarmDefinitionBody, 'name'>): Promise<number> {
  const res = await api('admin', '/alarm/definition/add', {
    deviceId: pcs1.id,
    pointCode: 'udc',
    condition: 'gt',
    threshold: 800,
    holdSeconds: 0,
    deadband: 0,
    level: 2,
    content: '{device} {point} {value} > {limit}',
    enabled: true,
    ...d,
  });
  expect(res.json()).toMatchObject({ code: 200 });
  return res.json().data.id;
}

/** Stored events of a definition, oldest first (after the engine's writes settled). */
async function eventsOf(definitionId: number) {
  return ctx.database.db
    .select()
    .from(alarmEvents)
    .where(eq(alarmEvents.definitionId, definitionId))
    .orderBy(alarmEvents.raisedAt);
}

const settle = () => new Promise((r) => setTimeout(r, 100));

describe('engine on ingest', () => {
  it('raises only after the hold time, by the values’ timestamps, and a hovering value does not flap', async () => {
    const id = await addDefinition({ name: 'DC over-voltage', holdSeconds: 30, deadband: 20 });
    const t = base;
    await publish(pcs1, t, { udc: 810 });
    await publish(pcs1, t + 10 * S, { udc: 790 }); // clears: the hold starts again
    await publish(pcs1, t + 20 * S, { udc: 820 });
    await publish(pcs1, t + 40 * S, { udc: 830 });
    await settle();
    expect(await eventsOf(id)).toEqual([]);
    await publish(pcs1, t + 50 * S, { udc: 805 }); // 30 s since 820 at +20 s
    await vi.waitFor(async () => expect(await eventsOf(id)).toHaveLength(1));
    // Hovering between 780 and 820: neither a recovery nor a second alarm.
    for (const [i, v] of [795, 801, 785, 812, 781].entries()) await publish(pcs1, t + (60 + i * 10) * S, { udc: v });
    await settle();
    const [held] = await eventsOf(id);
    expect(await eventsOf(id)).toHaveLength(1);
    expect(held).toMatchObject({ value: 805, limit: 800, recoveredAt: null, level: 2, kind: 'rule' });
    expect(held?.raisedAt.getTime()).toBe(t + 50 * S);
    await publish(pcs1, t + 120 * S, { udc: 780 }); // 800 − deadband 20
    await vi.waitFor(async () => expect((await eventsOf(id))[0]?.recoveredAt?.getTime()).toBe(t + 120 * S));
    expect(await eventsOf(id)).toHaveLength(1);
  });

  it('checks the samples another instance committed: a dip there resets the hold, a late one is skipped', async () => {
    const id = await addDefinition({ name: 'DC over-voltage, split stream', holdSeconds: 20, deadband: 10 });
    const bus = ctx.app.telemetry?.bus;
    if (!bus) throw new Error('telemetry off');
    const relayed = (ts: number, udc: number) =>
      bus.emit('relayedCommitted', [{ stationId: st.id, deviceId: pcs1.id, values: { udc: { value: udc, ts } } }]);
    const t = base + 30 * 60 * S;
    await publish(pcs1, t, { udc: 810 });
    relayed(t + 10 * S, 790); // committed by the other instance: the hold starts again
    await publish(pcs1, t + 20 * S, { udc: 820 });
    await settle();
    expect(await eventsOf(id)).toEqual([]);
    relayed(t + 40 * S, 825); // 20 s since 820
    await vi.waitFor(async () => expect(await eventsOf(id)).toHaveLength(1));
    relayed(t + 30 * S, 700); // older than what was checked: arrived late, no recovery
    await settle();
    expect((await eventsOf(id))[0]?.recoveredAt).toBeNull();
    relayed(t + 50 * S, 700);
    await vi.waitFor(async () => expect((await eventsOf(id))[0]?.recoveredAt?.getTime()).toBe(t + 50 * S));
  });

  it('outside a range and status bits', async () => {
    const outside = await addDefinition({
      name: 'Frequency band',
      deviceId: pcs2.id,
      pointCode: 'freq',
      condition: 'outside',
      threshold: 49.5,
      threshold2: 50.5,
    });
    const bit = await addDefinition({
      name: 'Run state bit 1',
      deviceId: pcs2.id,
      pointCode: 'runState',
      condition: 'bit',
      threshold: 1,
    });
    const t = base + 10 * 60 * S;
    await publish(pcs2, t, { freq: 50, runState: 1 });
    await publish(pcs2, t + S, { freq: 50.7, runState: 2 });
    await vi.waitFor(async () => {
      expect((await eventsOf(outside)).map((e) => [e.value, e.limit])).toEqual([[50.7, 50.5]]);
      expect((await eventsOf(bit)).map((e) => e.value)).toEqual([2]);
    });
    await publish(pcs2, t + 2 * S, { freq: 50.2, runState: 3 });
    await publish(pcs2, t + 3 * S, { freq: 49.4, runState: 1 });
    await vi.waitFor(async () => {
      const events = await eventsOf(outside);
      expect(events.map((e) => [e.value, e.recoveredAt?.getTime() ?? null])).toEqual([
        [50.7, t + 2 * S],
        [49.4, null],
      ]);
      expect((await eventsOf(bit)).map((e) => e.recoveredAt?.getTime() ?? null)).toEqual([t + 3 * S]);
    });
  });

  it('no data for N seconds is a communication-loss alarm; the next value recovers it', {
    timeout: 20_000,
  }, async () => {
    const id = await addDefinition({
      name: 'Meter silent',
      deviceId: st.meter.id,
      pointCode: 'p',
      condition: 'nodata',
      threshold: 2,
    });
    const t = base + 20 * 60 * S;
    await publish(st.meter, t, { p: 10 });
    await vi.waitFor(async () => expect(await eventsOf(id)).toHaveLength(1), { timeout: 8_000, interval: 200 });
    await publish(st.meter, t + S, { p: 11 });
    await vi.waitFor(async () => expect((await eventsOf(id))[0]?.recoveredAt).not.toBeNull());
  });

  it('a device offline for three reporting intervals: an alarm from when it went, recovered when back', {
    timeout: 20_000,
  }, async () => {
    // One-second reports: the alarm waits 3 s (a reconnect within that raises nothing).
    await ctx.database.db.update(devices).set({ reportIntervalS: 1 }).where(eq(devices.id, pcs2.id));
    await ctx.app.telemetry?.registry.reload();
    const offline = () =>
      ctx.database.db
        .select()
        .from(alarmEvents)
        .where(eq(alarmEvents.dedupKey, `offline:${pcs2.id}`));
    await status(pcs2, false);
    await status(pcs2, true);
    await new Promise((r) => setTimeout(r, 4_000));
    expect(await offline()).toEqual([]);
    const went = Date.now();
    await status(pcs2, false);
    await vi.waitFor(
      async () => expect(await offline()).toMatchObject([{ kind: 'offline', recoveredAt: null, level: 2 }]),
      { timeout: 8_000, interval: 200 },
    );
    const [event] = await offline();
    // Dated from when the device went, not from the end of the 3 s hold (a loaded machine
    // delays the status message by up to a second or so).
    expect(Math.abs((event?.raisedAt.getTime() ?? 0) - went)).toBeLessThan(2_500);
    const res = await api('admin', '/alarm/realtime/page', { stationId: st.id, pageNum: 1, pageSize: 50 });
    const row = (res.json().data.rows as AlarmEvent[]).find((e) => e.kind === 'offline' && e.deviceId === pcs2.id);
    expect(row?.content).toBe(`${pcs2.sn} is offline`);
    await status(pcs2, true);
    await vi.waitFor(async () => expect((await offline())[0]?.recoveredAt).not.toBeNull());
  });

  it('a station whose EMS (its gateway) is offline has lost contact, until it is back', {
    timeout: 20_000,
  }, async () => {
    const sn = `${st.code}-EMS`;
    const [ems] = await ctx.database.db
      .insert(devices)
      .values({ stationId: st.id, type: 'ems', name: sn, sn, reportIntervalS: 1 })
      .returning({ id: devices.id });
    await ctx.app.telemetry?.registry.reload();
    const client = await connectDevice(ctx, sn);
    clients.set(sn, client);
    const emsDevice = { id: ems?.id ?? 0, sn, points: new Map<string, number>() };
    const lost = () =>
      ctx.database.db
        .select()
        .from(alarmEvents)
        .where(eq(alarmEvents.dedupKey, `lost:${st.id}`));
    // Online first (a new device starts offline), then gone.
    await status(emsDevice, true);
    await status(emsDevice, false);
    await vi.waitFor(async () => expect(await lost()).toMatchObject([{ kind: 'lost', level: 1, recoveredAt: null }]), {
      timeout: 8_000,
      interval: 200,
    });
    const res = await api('admin', '/alarm/realtime/page', { stationId: st.id, pageNum: 1, pageSize: 50 });
    expect((res.json().data.rows as AlarmEvent[]).find((e) => e.kind === 'lost')?.content).toBe(
      `Test ${st.code} lost contact`,
    );
    await status(emsDevice, true);
    await vi.waitFor(async () => expect((await lost())[0]?.recoveredAt).not.toBeNull());
  });

  it('a station override beats the group default, and the effective rules show it', async () => {
    const id = await addDefinition({
      name: 'Meter frequency high',
      deviceId: null,
      deviceType: 'meter',
      pointCode: 'freq',
      threshold: 51,
    });
    const save = await api('maintainer', '/alarm/config/station/save', {
      stationId: st.id,
      definitionId: id,
      threshold: 52,
    });
    // The maintainer's organisation does not hold the test station: like a missing one.
    expect(save.statusCode).toBe(404);
    expect(
      (await api('admin', '/alarm/config/station/save', { stationId: st.id, definitionId: id, threshold: 52 })).json(),
    ).toMatchObject({ code: 200 });
    const rules = (await api('admin', '/alarm/config/station/rules', { stationId: st.id })).json().data;
    expect(rules.find((r: { definitionId: number }) => r.definitionId === id)).toMatchObject({
      threshold: 52,
      override: { threshold: 52, level: null, enabled: null },
      deviceCount: 1,
    });
    const t = base + 30 * 60 * S;
    await publish(st.meter, t, { freq: 51.5 });
    await settle();
    expect(await eventsOf(id)).toEqual([]);
    await publish(st.meter, t + S, { freq: 52.5 });
    await vi.waitFor(async () => expect((await eventsOf(id)).map((e) => e.limit)).toEqual([52]));
    // Disabled at the station: its active alarm recovers.
    await api('admin', '/alarm/config/station/save', { stationId: st.id, definitionId: id, enabled: false });
    await vi.waitFor(async () => expect((await eventsOf(id))[0]?.recoveredAt).not.toBeNull());
  });
});

describe('lists, count and confirmation', () => {
  let js: number;
  let jsEvents: number[];

  beforeAll(async () => {
    js = (await stationIdLookup(ctx.database.db))('JS-SZ01');
    const rows = await insertRaised(
      ctx.database.db,
      [1, 2, 3].map((i) => ({
        key: `test:${i}`,
        stationId: js,
        deviceId: null,
        deviceType: null,
        kind: 'lost' as const,
        definitionId: null,
        pointCode: null,
        value: null,
        limit: null,
        level: 1 as const,
        content: '',
        raisedAt: base + i * S,
      })),
    );
    jsEvents = rows.map((r) => r.id);
  });

  it('counts unconfirmed alarms; confirms one and a batch with a remark; pushes the new count', async () => {
    const count = async () => (await api('operator', '/flow/event/eventNum', { stationId: js })).json().data;
    expect(await count()).toBe(3);
    const [first, ...rest] = jsEvents;
    const one = await api('operator', '/alarm/confirm', { ids: [first], remark: 'checked on site' });
    expect(one.json()).toMatchObject({ code: 200, data: { confirmed: 1 } });
    expect(await count()).toBe(2);
    expect(pushed.at(-1)).toEqual({ stationId: js, change: 'confirmed', eventIds: [first], count: 2 });
    const batch = await api('operator', '/alarm/confirm', { ids: [first, ...rest], remark: 'batch' });
    expect(batch.json().data).toEqual({ confirmed: 2 });
    expect(await count()).toBe(0);
    const history = await api('operator', '/alarm/history/page', {
      stationId: js,
      from: base,
      to: base + 60 * S,
      pageNum: 1,
      pageSize: 10,
      confirmed: true,
    });
    const rows = history.json().data.rows as AlarmEvent[];
    expect(history.json().data.total).toBe(3);
    expect(rows.map((r) => [r.id, r.confirmer, r.remark])).toEqual([
      [jsEvents[2], '张运行', 'batch'],
      [jsEvents[1], '张运行', 'batch'],
      [first, '张运行', 'checked on site'],
    ]);
    expect(rows.every((r) => r.confirmedAt !== null && (r.content === 'JS-SZ01') === false)).toBe(true);
    // Lost contact is active until it recovers: still in the real-time list though confirmed.
    const realtime = await api('operator', '/alarm/realtime/page', { stationId: js, pageNum: 1, pageSize: 10 });
    expect(realtime.json().data.total).toBe(3);
  });

  it('a user of station A can neither see nor confirm station B’s alarms (404, nothing confirmed)', async () => {
    const [own] = jsEvents;
    const [other] = await ctx.database.db
      .select({ id: alarmEvents.id })
      .from(alarmEvents)
      .where(sql`${alarmEvents.stationId} = ${st.id} AND NOT ${alarmEvents.confirmed}`)
      .limit(1);
    if (!other || !own) throw new Error('fixture');
    expect((await api('operator', '/flow/event/eventNum', { stationId: st.id })).statusCode).toBe(404);
    expect(
      (await api('operator', '/alarm/realtime/page', { stationId: st.id, pageNum: 1, pageSize: 5 })).statusCode,
    ).toBe(404);
    expect((await api('operator', '/alarm/event/detail', { id: other.id })).statusCode).toBe(404);
    const mixed = await api('operator', '/alarm/confirm', { ids: [own, other.id], remark: 'x' });
    expect(mixed.statusCode).toBe(404);
    const [still] = await ctx.database.db.select().from(alarmEvents).where(eq(alarmEvents.id, other.id));
    expect(still?.confirmed).toBe(false);
    // Read-only and roles without the button may not confirm.
    expect((await api('manager', '/alarm/confirm', { ids: [other.id], remark: '' })).statusCode).toBe(403);
    expect((await api('admin', '/alarm/confirm', { ids: [other.id], remark: '' })).json().data).toEqual({
      confirmed: 1,
    });
  });

  it('the detail carries the point’s curve around the raise time', async () => {
    const [e] = await ctx.database.db
      .select()
      .from(alarmEvents)
      .where(eq(alarmEvents.dedupKey, ruleKey((await defId('DC over-voltage')) ?? 0, pcs1.id)));
    if (!e) throw new Error('fixture');
    const res = await api('admin', '/alarm/event/detail', { id: e.id });
    const { event, curve } = res.json().data;
    expect(event).toMatchObject({
      id: e.id,
      pointCode: 'udc',
      value: 805,
      content: `${pcs1.sn} DC voltage 805 V > 800 V`,
    });
    expect(curve.series.code).toBe('udc');
    const raised = e.raisedAt.getTime();
    const data = curve.series.data as [number, number][];
    expect(data.find(([ts]) => ts === raised)?.[1]).toBe(805);
    expect(data.every(([ts]) => ts >= raised - 30 * 60 * S && ts <= raised + 30 * 60 * S)).toBe(true);
  });

  it('exports the history as CSV with zoned time headers', async () => {
    const res = await api('admin', '/alarm/history/export', {
      stationId: js,
      from: base,
      to: base + 60 * S,
      format: 'csv',
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('Raised (Asia/Shanghai, UTC+08:00)');
    expect(lines).toHaveLength(4);
    const [from, to] = [Date.UTC(2001, 0, 1), Date.UTC(2001, 0, 2)];
    const empty = await api('admin', '/alarm/history/export', { stationId: js, from, to, format: 'xlsx' });
    expect(empty.json().code).toBe(60000);
  });
});

async function defId(name: string): Promise<number | undefined> {
  const res = await api('admin', '/alarm/definition/page', { keyword: name, pageNum: 1, pageSize: 5 });
  return res.json().data.rows.find((r: { name: string }) => r.name === name)?.id;
}

describe('definitions', () => {
  const valid = {
    name: 'Cell too hot',
    deviceType: 'bms',
    pointCode: 'cellTmax',
    condition: 'gt',
    threshold: 50,
    holdSeconds: 5,
    deadband: 2,
    level: 1,
    content: '{point} {value}',
    enabled: true,
  };

  it('rejects duplicates and rule conflicts with messages in the caller’s language', async () => {
    expect((await api('maintainer', '/alarm/definition/add', valid)).json()).toMatchObject({ code: 200 });
    const dup = await api('maintainer', '/alarm/definition/add', valid, 'zh_CN');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe('告警定义名称“Cell too hot”已存在');
    const cases: [object, string][] = [
      [{ condition: 'outside' }, 'The "outside a range" condition needs an upper limit'],
      [{ condition: 'outside', threshold2: 40 }, 'The upper limit must be greater than the lower limit'],
      [{ condition: 'bit', threshold: 32 }, 'The status bit must be a whole number from 0 to 31'],
      [{ deviceId: pcs1.id }, 'Choose either one device or a device type'],
      [{ pointCode: 'nope' }, 'Devices of type bms have no point nope'],
    ];
    for (const [change, msg] of cases) {
      const res = await api('maintainer', '/alarm/definition/add', { ...valid, name: 'x', ...change });
      expect([res.statusCode, res.json().msg]).toEqual([400, msg]);
    }
    for (const bad of [
      { holdSeconds: 86_401 },
      { deadband: -1 },
      { level: 5 },
      { condition: 'between' },
      { threshold: 1e9 },
    ]) {
      expect((await api('maintainer', '/alarm/definition/add', { ...valid, name: 'y', ...bad })).statusCode).toBe(400);
    }
    // Operators hold no definition buttons.
    expect((await api('operator', '/alarm/definition/add', { ...valid, name: 'z' })).statusCode).toBe(403);
  });

  it('hides one-device definitions of stations outside the caller’s scope (404 like missing ones)', async () => {
    const id = await defId('DC over-voltage');
    if (!id) throw new Error('fixture');
    const page = await api('maintainer', '/alarm/definition/page', {
      keyword: 'DC over-voltage',
      pageNum: 1,
      pageSize: 5,
    });
    expect(page.json().data).toEqual({ rows: [], total: 0 });
    expect((await api('maintainer', '/alarm/definition/detail', { id })).statusCode).toBe(404);
    expect((await api('maintainer', '/alarm/definition/delete', { ids: [id] })).statusCode).toBe(404);
    // Type-wide definitions are the group's: everyone sees them.
    const shared = await api('maintainer', '/alarm/definition/page', {
      keyword: 'Cell too hot',
      pageNum: 1,
      pageSize: 5,
    });
    expect(shared.json().data.total).toBe(1);
  });

  it('updates, reads and deletes; a deleted definition’s active alarms recover, history stays', async () => {
    const id = await defId('DC over-voltage');
    if (!id) throw new Error('fixture');
    // Held for its 30 s.
    await publish(pcs1, base + 40 * 60 * S, { udc: 900 });
    await publish(pcs1, base + 40 * 60 * S + 30 * S, { udc: 900 });
    await vi.waitFor(async () => expect((await eventsOf(id)).filter((e) => e.recoveredAt === null)).toHaveLength(1));
    const detail = (await api('admin', '/alarm/definition/detail', { id })).json().data;
    expect(detail).toMatchObject({ name: 'DC over-voltage', deviceId: pcs1.id, deviceName: pcs1.sn, holdSeconds: 30 });
    const taken = await api('admin', '/alarm/definition/update', { ...detail, name: 'Cell too hot' });
    expect(taken.statusCode).toBe(409);
    const events = await eventsOf(id);
    expect((await api('admin', '/alarm/definition/delete', { ids: [id] })).json().code).toBe(200);
    await vi.waitFor(async () => {
      const rows = await ctx.database.db
        .select()
        .from(alarmEvents)
        .where(sql`${alarmEvents.id} IN ${events.map((e) => e.id)}`);
      expect(rows.every((r) => r.recoveredAt !== null)).toBe(true);
      expect(rows).toHaveLength(events.length);
    });
    expect((await api('admin', '/alarm/definition/detail', { id })).statusCode).toBe(404);
  });

  it('seeds the defaults from the device models’ alarm limits', async () => {
    const res = await api('admin', '/alarm/definition/page', { keyword: 'cellVmax', pageNum: 1, pageSize: 10 });
    const rows = res.json().data.rows as {
      deviceType: string;
      condition: string;
      threshold: number;
      deadband: number;
    }[];
    expect(rows.find((r) => r.deviceType === 'bms')).toMatchObject({ condition: 'gt', threshold: 3.65 });
    expect(rows.find((r) => r.deviceType === 'bms')?.deadband).toBeCloseTo(0.05);
  });
});
