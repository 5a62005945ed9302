import { type CommandPayload, type LiveServerMessage, topicOf } from '@ess/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { logs } from '../../../db/schema';
import { call, createTestApp, login, sqlRows, type TestContext } from '../../../test/harness';
import { TestClient } from '../../telemetry/live/live.kit';
import { answeringDevice, type SeedDevice, sealedPassword, seedDevices, silent, succeed } from './control.kit';

const TIMEOUT_S = 2;
let ctx: TestContext;
let token: string;
let ems: SeedDevice;
/** PCS and cabinets: each test takes its own, so the per-device lane never links two tests. */
let pcs: SeedDevice[];

beforeAll(async () => {
  ctx = await createTestApp({ SIMULATOR: 'off', COMMAND_TIMEOUT_S: String(TIMEOUT_S), LOGIN_RATE_PER_MINUTE: '1000' });
  token = await login(ctx.app, 'admin');
  const [first] = await seedDevices(ctx.database.db, 'ems', 1);
  if (!first) throw new Error('the seed has no EMS');
  ems = first;
  // PCS of container plants, then integrated cabinets: both have pSet and startStop.
  pcs = [...(await seedDevices(ctx.database.db, 'pcs', 6)), ...(await seedDevices(ctx.database.db, 'cabinet', 6))];
  if (pcs.length < 6) throw new Error('the seed has too few controllable devices');
});

afterAll(async () => {
  await ctx?.close();
});

const pcsAt = (i: number): SeedDevice => {
  const d = pcs[i];
  if (!d) throw new Error(`no PCS ${i}`);
  return d;
};

const countCommands = async () =>
  (await sqlRows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM biz_command`))[0]?.n ?? -1;

async function send(body: { deviceId: number; pointCode: string; value: number }, lang = 'en_US', password?: string) {
  return call(
    ctx.app,
    token,
    'POST',
    '/api/control/command',
    { ...body, ...(await sealedPassword(ctx.app, password)) },
    lang,
  );
}
const detail = async (id: number, lang = 'en_US') =>
  (await call(ctx.app, token, 'GET', `/api/control/command/${id}`, undefined, lang)).json().data;
const settled = (id: number, state: string, timeout = 5_000) =>
  vi.waitFor(async () => expect(await detail(id)).toMatchObject({ state }), { timeout });

describe('POST /api/control/command over the real broker', () => {
  it('success: sent, acknowledged, with the fixed GET shape', async () => {
    const d = pcsAt(0);
    const dev = await answeringDevice(ctx, d, succeed);
    try {
      const res = await send({ deviceId: d.id, pointCode: 'pSet', value: -500 });
      expect(res.statusCode, res.body).toBe(200);
      const { id, state } = res.json().data;
      expect(Object.keys(res.json().data).sort()).toEqual(['id', 'state']);
      expect(['sent', 'success']).toContain(state);
      await settled(id, 'success');
      const got = await detail(id);
      expect(Object.keys(got).sort()).toEqual(
        [
          'id',
          'deviceId',
          'pointCode',
          'value',
          'state',
          'message',
          'issuedBy',
          'createdAt',
          'sentAt',
          'resolvedAt',
        ].sort(),
      );
      expect(got).toMatchObject({ id, deviceId: d.id, pointCode: 'pSet', value: -500, message: null });
      expect(got.issuedBy).toBeTruthy();
      expect(got.sentAt).toBeGreaterThanOrEqual(got.createdAt);
      expect(got.resolvedAt).toBeGreaterThanOrEqual(got.sentAt);
      // The device got the point on its cmd topic with the protocol id.
      expect(dev.received).toHaveLength(1);
      expect(dev.received[0]?.points).toEqual({ pSet: -500 });
      // A duplicate answer settles nothing twice.
      const [first] = dev.received;
      if (first) await dev.client.publishAsync(`ess/${d.code}/${d.sn}/cmd/ack`, JSON.stringify(succeed(first)));
      expect((await detail(id)).resolvedAt).toBe(got.resolvedAt);
    } finally {
      await dev.client.endAsync();
    }
  });

  it('failure: the device refuses, its message is kept', async () => {
    const d = pcsAt(1);
    const dev = await answeringDevice(ctx, d, (cmd) => ({ id: cmd.id, status: 'failure', message: 'pSet locked' }));
    try {
      const { id } = (await send({ deviceId: d.id, pointCode: 'startStop', value: 0 })).json().data;
      await settled(id, 'failure');
      expect((await detail(id)).message).toBe('pSet locked');
    } finally {
      await dev.client.endAsync();
    }
  });

  it('timeout: a silent device, localized message', async () => {
    const d = pcsAt(2);
    const dev = await answeringDevice(ctx, d, silent);
    try {
      const { id, state } = (await send({ deviceId: d.id, pointCode: 'pSet', value: 100 })).json().data;
      expect(state).toBe('sent');
      await settled(id, 'timeout', (TIMEOUT_S + 4) * 1000);
      expect((await detail(id)).message).toBe(`Timed out: no answer from the device within ${TIMEOUT_S} s`);
      expect((await detail(id, 'zh_CN')).message).toBe(`下发超时：${TIMEOUT_S} 秒内设备无应答`);
    } finally {
      await dev.client.endAsync();
    }
  });

  it('device offline: failure at once, never shown as sent', async () => {
    const d = pcsAt(3);
    const res = await send({ deviceId: d.id, pointCode: 'pSet', value: 10 });
    expect(res.json().data.state).toBe('failure');
    const got = await detail(res.json().data.id);
    expect(got).toMatchObject({ state: 'failure', message: 'Device offline', sentAt: null });
  });

  it('one control operation at a time per device: two at once, one is refused with 409', async () => {
    const d = pcsAt(4);
    const dev = await answeringDevice(ctx, d, silent);
    try {
      const [a, b] = await Promise.all([
        send({ deviceId: d.id, pointCode: 'pSet', value: 1 }, 'zh_CN'),
        send({ deviceId: d.id, pointCode: 'startStop', value: 1 }, 'zh_CN'),
      ]);
      const codes = [a.statusCode, b.statusCode].sort();
      expect(codes).toEqual([200, 409]);
      const refused = a.statusCode === 409 ? a : b;
      expect(refused.json()).toMatchObject({ code: 409, msg: '下发中，请稍候' });
      // Another device is free meanwhile.
      const other = await send({ deviceId: pcsAt(3).id, pointCode: 'pSet', value: 1 });
      expect(other.statusCode).toBe(200);
    } finally {
      await dev.client.endAsync();
    }
  });

  it('re-authentication: without or with a wrong password nothing is stored', async () => {
    const d = pcsAt(5);
    const before = await countCommands();
    const bare = await call(ctx.app, token, 'POST', '/api/control/command', {
      deviceId: d.id,
      pointCode: 'pSet',
      value: 1,
    });
    expect(bare.statusCode).toBe(400);
    const wrong = await send({ deviceId: d.id, pointCode: 'pSet', value: 1 }, 'en_US', 'not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe('Incorrect password');
    expect(await countCommands()).toBe(before);
  });

  it('values: the spec range, the point range and states, and unknown points', async () => {
    const d = pcsAt(5);
    const before = await countCommands();
    const far = await send({ deviceId: d.id, pointCode: 'pSet', value: 70_000 });
    expect(far.statusCode).toBe(400);
    expect(far.json().msg).toBe('Remote control values must be between -65,535 and 65,535');
    const zh = await send({ deviceId: d.id, pointCode: 'pSet', value: -65_536 }, 'zh_CN');
    expect(zh.json().msg).toBe('远程控制数值须在 -65535 到 65535 之间');
    const points = (await call(ctx.app, token, 'POST', '/api/control/points', { deviceId: d.id }, 'en_US')).json().data
      .points as { code: string; min: number; max: number }[];
    const pSet = points.find((p) => p.code === 'pSet');
    if (!pSet) throw new Error('no pSet');
    const rated = await send({ deviceId: d.id, pointCode: 'pSet', value: pSet.max + 1 });
    expect(rated.json().msg).toBe(`The value of Power setpoint must be between ${pSet.min} and ${pSet.max}`);
    const state = await send({ deviceId: d.id, pointCode: 'startStop', value: 5 });
    expect(state.json().msg).toBe('The value of Start/stop must be one of: 0 Stopped, 1 Running');
    const telemetry = await send({ deviceId: d.id, pointCode: 'p', value: 1 });
    expect(telemetry.json().msg).toBe('p is not a control or setpoint point of this device');
    const missing = await send({ deviceId: 999_999, pointCode: 'pSet', value: 1 });
    expect(missing.statusCode).toBe(404);
    expect(await countCommands()).toBe(before);
  });

  it('cancel: cancelled while sent, the device told, its late answer kept; a settled one gives 409', async () => {
    const d = pcsAt(1);
    const dev = await answeringDevice(ctx, d, (cmd) =>
      cmd.kind === 'cancel' ? { id: cmd.id, status: 'success', message: 'applied before the cancel' } : null,
    );
    try {
      const { id } = (await send({ deviceId: d.id, pointCode: 'pSet', value: 42 })).json().data;
      const res = await call(ctx.app, token, 'POST', `/api/control/command/${id}/cancel`, undefined, 'en_US');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ id, state: 'cancelled', message: 'Cancelled by admin' });
      await vi.waitFor(() => expect(dev.received.map((c) => c.kind ?? 'points')).toEqual(['points', 'cancel']));
      const [issued, cancel] = dev.received as [CommandPayload, CommandPayload];
      expect(cancel).toMatchObject({ id: issued.id, points: {} });
      await vi.waitFor(async () =>
        expect(await detail(id)).toMatchObject({
          state: 'cancelled',
          message: 'Cancelled; the device answered afterwards: success applied before the cancel',
        }),
      );
      const again = await call(ctx.app, token, 'POST', `/api/control/command/${id}/cancel`, undefined, 'en_US');
      expect(again.statusCode).toBe(409);
      expect(again.json().msg).toBe('The command has already ended and cannot be cancelled');
      // The device is free again.
      expect((await send({ deviceId: d.id, pointCode: 'pSet', value: 1 })).statusCode).toBe(200);
    } finally {
      await dev.client.endAsync();
    }
  });

  it('the operation log records the call with the password, key and iv redacted', async () => {
    expect((await send({ deviceId: pcsAt(3).id, pointCode: 'pSet', value: 7 })).statusCode).toBe(200);
    await vi.waitFor(async () => {
      await ctx.app.operationLog.flush();
      const n = await ctx.database.db.select({ id: logs.id }).from(logs).where(eq(logs.methodName, 'command'));
      expect(n.length).toBeGreaterThan(0);
    });
    const rows = await ctx.database.db.select({ params: logs.params }).from(logs).where(eq(logs.methodName, 'command'));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      const params = JSON.parse(r.params ?? '{}');
      // Left out or masked, never the sealed text.
      for (const key of ['password', 'aesKey', 'iv']) expect([undefined, '***']).toContain(params[key]);
      expect(params).toMatchObject({ deviceId: expect.any(Number), pointCode: expect.any(String) });
    }
  });
});

describe('station setpoint, points, history and cabinets', () => {
  it('POST /api/business/singapore/setPoint sets the EMS pSet through the same service', async () => {
    const dev = await answeringDevice(ctx, ems, succeed);
    try {
      const res = await call(ctx.app, token, 'POST', '/api/business/singapore/setPoint', {
        stationId: ems.stationId,
        value: 300,
        ...(await sealedPassword(ctx.app)),
      });
      expect(res.statusCode, res.body).toBe(200);
      const { id } = res.json().data;
      await settled(id, 'success');
      expect(await detail(id)).toMatchObject({ deviceId: ems.id, pointCode: 'pSet', value: 300 });
      expect(dev.received[0]?.points).toEqual({ pSet: 300 });
    } finally {
      await dev.client.endAsync();
    }
  });

  it('points: setpoints and controls with ranges and states', async () => {
    const res = await call(ctx.app, token, 'POST', '/api/control/points', { deviceId: pcsAt(5).id }, 'en_US');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.points.map((p: { code: string }) => p.code).sort()).toEqual(['pSet', 'startStop']);
    const pSet = data.points.find((p: { code: string }) => p.code === 'pSet');
    expect(pSet).toMatchObject({ kind: 'setpoint', unit: 'kW', states: null });
    expect(pSet.min).toBe(-pSet.max);
    expect(data.points.find((p: { code: string }) => p.code === 'startStop').states).toEqual([
      { value: 0, label: 'Stopped' },
      { value: 1, label: 'Running' },
    ]);
    expect(data).toMatchObject({ online: false, inFlight: null });
  });

  it('commands page: a station’s history with filters', async () => {
    const d = pcsAt(0);
    const all = await call(ctx.app, token, 'POST', '/api/control/commands/page', {
      stationId: d.stationId,
      deviceId: d.id,
      pageSize: 50,
    });
    expect(all.statusCode, all.body).toBe(200);
    const rows = all.json().data.rows as { deviceId: number; state: string; id: number }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.deviceId === d.id)).toBe(true);
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => b - a));
    const ok = await call(ctx.app, token, 'POST', '/api/control/commands/page', {
      stationId: d.stationId,
      state: 'success',
      pageSize: 50,
    });
    const okRows = ok.json().data.rows as { state: string }[];
    expect(okRows.every((r) => r.state === 'success')).toBe(true);
    expect(ok.json().data.total).toBe(okRows.length);
  });

  it('cabinets: the station’s integrated cabinets with their controllable points', async () => {
    const [cab] = await seedDevices(ctx.database.db, 'cabinet', 1);
    if (!cab) throw new Error('the seed has no integrated cabinet');
    const res = await call(ctx.app, token, 'POST', '/api/control/cabinets', { stationId: cab.stationId }, 'en_US');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ deviceId: cab.id, sn: cab.sn, ratedPowerKw: 100 });
    expect(typeof rows[0].online).toBe('boolean');
    expect(rows[0].points.map((p: { code: string }) => p.code).sort()).toEqual(['pSet', 'startStop']);
  });
});

describe('live state of each delivery', () => {
  it('a socket following the station receives the command as sent, then as success', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const socket = await TestClient.open(`ws://127.0.0.1:${port}/api/ws`);
    const d = pcsAt(0);
    // The device answers only once the socket has shown `sent`: a quick answer may settle a
    // command before `sent` is stored, and then the socket rightly shows `success` alone.
    const dev = await answeringDevice(ctx, d, silent);
    try {
      socket.send({ type: 'auth', token, lang: 'en_US' });
      await socket.next('ready');
      socket.send({ type: 'subscribe', stationId: d.stationId });
      await socket.next('snapshot');
      const { id } = (await send({ deviceId: d.id, pointCode: 'startStop', value: 1 })).json().data;
      const states = () =>
        socket.received
          .map((r) => r.msg)
          .filter((m): m is Extract<LiveServerMessage, { type: 'command' }> => m.type === 'command')
          .filter((m) => m.command.id === id)
          .map((m) => m.command.state);
      await vi.waitFor(() => expect(states()).toEqual(['sent']));
      const [cmd] = dev.received;
      if (!cmd) throw new Error('the device received no command');
      await dev.client.publishAsync(topicOf(d.code, d.sn, 'cmd/ack'), JSON.stringify(succeed(cmd)), { qos: 1 });
      await vi.waitFor(() => expect(states()).toEqual(['sent', 'success']));
      const last = socket.received.map((r) => r.msg).findLast((m) => m.type === 'command');
      expect(last).toMatchObject({ stationId: d.stationId, command: { pointCode: 'startStop', value: 1 } });
    } finally {
      socket.close();
      await dev.client.endAsync();
    }
  });
});
