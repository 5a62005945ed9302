import { type CommandPayload, siteConfig, statusPayload, topicOf, virtualConfig } from '@ess/contract';
import { DeviceAgent } from '@ess/simulator';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { commands } from '../../../db/command-schema';
import { devices, stations } from '../../../db/schema';
import {
  call,
  connectDevice,
  createTestApp,
  deviceCredentials,
  login,
  sqlRows,
  type TestContext,
} from '../../../test/harness';
import { createTestStation } from '../../telemetry/telemetry/test-station.kit';

const TIMEOUT_S = 2;
let ctx: TestContext;
let token: string;
/** Two seeded stations with an EMS each. */
let a: { stationId: number; code: string; emsId: number; emsSn: string };
let b: typeof a;

const online = JSON.stringify(statusPayload.parse({ online: true }));

beforeAll(async () => {
  ctx = await createTestApp({ SIMULATOR: 'off', COMMAND_TIMEOUT_S: String(TIMEOUT_S) });
  token = await login(ctx.app, 'admin');
  const rows = await ctx.database.db
    .select({ stationId: stations.id, code: stations.code, emsId: devices.id, emsSn: devices.sn })
    .from(devices)
    .innerJoin(stations, eq(stations.id, devices.stationId))
    .where(eq(devices.type, 'ems'))
    .orderBy(stations.id)
    .limit(2);
  const [first, second] = rows;
  if (!first || !second) throw new Error('the seed has no two stations with an EMS');
  a = first;
  b = second;
});

afterAll(async () => {
  await ctx?.close();
});

const sync = (stationId: number, path = 'siteConfig', lang = 'zh_CN') =>
  call(ctx.app, token, 'POST', `/api/business/${path}/sync`, { stationId }, lang);

const detail = async (id: number) => (await call(ctx.app, token, 'GET', `/api/business/command/${id}`)).json().data;

describe('configuration sync commands over the real broker', () => {
  it('fails at once with "device offline" when the EMS is not connected, never showing delivered', async () => {
    const res = await sync(b.stationId);
    const row = res.json().data;
    expect(row).toMatchObject({ state: 'failure', kind: 'configSync', deviceSn: b.emsSn, message: '设备离线' });
    expect(row.sentTime).toBeNull();
    const res2 = await call(ctx.app, token, 'POST', '/api/business/siteConfig/list', {}, 'en_US');
    expect(res2.statusCode, res2.body).toBe(200);
    const list = res2.json().data;
    const entry = list.find((s: { stationId: number }) => s.stationId === b.stationId);
    expect(entry).toMatchObject({ emsSn: b.emsSn, emsOnline: false, last: { id: row.id, message: 'Device offline' } });
  });

  it('an online EMS (the simulator agent) validates the configuration and answers success', async () => {
    const { password } = await deviceCredentials(ctx.database.db, a.emsSn);
    const received: CommandPayload[] = [];
    const agent = new DeviceAgent({
      url: ctx.mqttUrl ?? '',
      stationCode: a.code,
      sn: a.emsSn,
      password,
      onCommand: (cmd) => {
        received.push(cmd);
        return { id: cmd.id, status: 'success' };
      },
    });
    expect(await agent.start()).toBe(true);
    try {
      await vi.waitFor(() => expect(ctx.app.telemetry?.deviceOnline(a.emsId)).toBe(true));
      const first = (await sync(a.stationId)).json().data;
      expect(['sent', 'success']).toContain(first.state);
      await vi.waitFor(async () => expect(await detail(first.id)).toMatchObject({ state: 'success' }), {
        timeout: 5_000,
      });
      const done = await detail(first.id);
      expect(done.resolvedTime).toBeGreaterThanOrEqual(done.createTime);
      expect(done.issuedBy).toBeTruthy();
      // The config travelled in the command (the agent answered it itself, not via onCommand).
      expect(received).toEqual([]);
      const [stored] = await ctx.database.db.select().from(commands).where(eq(commands.id, first.id));
      const config = siteConfig.parse(stored?.payload.config);
      const deviceCount = await sqlRows<{ n: number }>(
        ctx.database.db,
        sql`SELECT count(*)::int AS n FROM biz_device WHERE station_id = ${a.stationId} AND type <> 'virtual'`,
      );
      expect(config.devices).toHaveLength(deviceCount[0]?.n ?? -1);
      expect(config.stationCode).toBe(a.code);

      // Virtual configuration sync goes the same way.
      const v = (await sync(a.stationId, 'virtualSync')).json().data;
      await vi.waitFor(async () => expect(await detail(v.id)).toMatchObject({ state: 'success', kind: 'virtualSync' }));
      const [vStored] = await ctx.database.db.select().from(commands).where(eq(commands.id, v.id));
      expect(virtualConfig.parse(vStored?.payload.config).virtualDevices.length).toBeGreaterThan(0);
    } finally {
      await agent.stop();
    }
  });

  it('refuses a second sync while one is in flight, then times out without an answer', async () => {
    // A device that receives commands but never answers.
    const silent = await connectDevice(ctx, b.emsSn);
    try {
      await silent.subscribeAsync(topicOf(b.code, b.emsSn, 'cmd'), { qos: 1 });
      await silent.publishAsync(topicOf(b.code, b.emsSn, 'status'), online, { qos: 1, retain: true });
      await vi.waitFor(() => expect(ctx.app.telemetry?.deviceOnline(b.emsId)).toBe(true));
      const first = (await sync(b.stationId)).json().data;
      expect(first.state).toBe('sent');

      const second = await sync(b.stationId, 'virtualSync');
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ msg: '下发中，请稍候' });

      await vi.waitFor(async () => expect(await detail(first.id)).toMatchObject({ state: 'timeout' }), {
        timeout: (TIMEOUT_S + 4) * 1000,
      });
      const late = (await call(ctx.app, token, 'GET', `/api/business/command/${first.id}`, undefined, 'en_US')).json()
        .data;
      expect(late.message).toBe(`Timed out: no answer from the device within ${TIMEOUT_S} s`);
      // A late answer changes nothing.
      await silent.publishAsync(
        topicOf(b.code, b.emsSn, 'cmd/ack'),
        JSON.stringify({ id: first.commandId, status: 'success' }),
        { qos: 1 },
      );
      expect((await detail(first.id)).state).toBe('timeout');
      // Free again.
      expect((await sync(b.stationId)).json().data.state).toBe('sent');
    } finally {
      await silent.endAsync();
    }
  });

  it('an invalid configuration gets a failure with the device message', async () => {
    const { password } = await deviceCredentials(ctx.database.db, a.emsSn);
    const agent = new DeviceAgent({
      url: ctx.mqttUrl ?? '',
      stationCode: a.code,
      sn: a.emsSn,
      password,
      onCommand: () => null,
    });
    expect(await agent.start()).toBe(true);
    try {
      await vi.waitFor(() => expect(ctx.app.telemetry?.deviceOnline(a.emsId)).toBe(true));
      // A configuration the EMS cannot use: published by the platform's own runtime, tracked by an ack.
      const acks: string[] = [];
      const off = ctx.app.telemetry?.bus.on('commandAck', ({ ack }) => {
        if (ack.status === 'failure') acks.push(ack.message ?? '');
      });
      await ctx.app.telemetry?.publishCommand(a.code, a.emsSn, {
        id: 'bad-config-1',
        ts: Date.now(),
        points: {},
        kind: 'configSync',
        config: { stationCode: a.code },
      });
      await vi.waitFor(() => expect(acks[0]).toMatch(/^invalid config: /));
      off?.();
    } finally {
      await agent.stop();
    }
  });

  it('answers 404 for a command that does not exist and for a station without an EMS', async () => {
    const missing = await call(ctx.app, token, 'GET', '/api/business/command/999999');
    expect(missing.statusCode).toBe(404);
    const bare = await createTestStation(ctx.database.db);
    const res = await sync(bare.id, 'siteConfig', 'en_US');
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('The station equipment does not exist');
  });
});

describe('a restart leaves no command in flight', () => {
  it('settles commands a stopped server left pending or sent as timed out', async () => {
    // A server of its own, stopped with commands in flight.
    const first = await createTestApp({ SIMULATOR: 'off', TELEMETRY: 'off', COMMAND_TIMEOUT_S: String(TIMEOUT_S) });
    const { db } = first.database;
    try {
      const [station] = await db.select({ id: stations.id }).from(stations).limit(1);
      if (!station) throw new Error('no station');
      await first.app.close();
      const left = await db
        .insert(commands)
        .values(
          (['pending', 'sent'] as const).map((state) => ({
            commandId: `left-${state}`,
            stationId: station.id,
            kind: 'configSync' as const,
            origin: 'configSync' as const,
            lane: null,
            payload: {},
            state,
            timeoutS: TIMEOUT_S,
          })),
        )
        .returning({ id: commands.id });
      // The next server process: once their time is up, its sweep settles what nobody watches any more.
      const { buildApp } = await import('../../../app');
      const second = await buildApp({ env: first.env, database: first.database, logger: false });
      await second.ready();
      try {
        const token2 = await login(second, 'admin');
        await vi.waitFor(
          async () => {
            for (const c of left) {
              const res = await call(second, token2, 'GET', `/api/business/command/${c.id}`, undefined, 'en_US');
              expect(res.json().data).toMatchObject({ state: 'timeout' });
            }
          },
          { timeout: (TIMEOUT_S + 4) * 1000 },
        );
        const stuck = await sqlRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM biz_command WHERE state IN ('pending', 'sent')`,
        );
        expect(stuck[0]?.n).toBe(0);
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
  });
});
