import { topicOf } from '@ess/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../app';
import { sysInstances } from '../../../db/cluster-schema';
import { commands } from '../../../db/command-schema';
import { call, connectDevice, createTestApp, login, type TestContext } from '../../../test/harness';
import { answeringDevice, sealedPassword, seedDevices, silent, succeed } from '../control/control.kit';
import { claimResends, expireCommands, resolveCommand } from './command.repository';
import { deviceLane } from './command.service';

const TIMEOUT_S = 30;
let first: TestContext;

beforeAll(async () => {
  first = await createTestApp({ SIMULATOR: 'off', COMMAND_TIMEOUT_S: String(TIMEOUT_S) });
});
afterAll(async () => {
  await first?.close();
});

/** A PCS setpoint issued through the control API as the signed-in user of `token` (200 expected). */
async function issueSetpoint(token: string, deviceId: number, value: number): Promise<{ id: number; state: string }> {
  const res = await call(first.app, token, 'POST', '/api/control/command', {
    deviceId,
    pointCode: 'pSet',
    value,
    ...(await sealedPassword(first.app)),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; state: string };
}

// The embedded broker knows who subscribed; an external one keeps sessions across our restarts.
describe.skipIf(Boolean(process.env.MQTT_URL))('a device heard before it subscribed again', () => {
  it('gets its command once it subscribes: data it resends after a reconnect does not mean it listens', async () => {
    const token = await login(first.app, 'admin');
    const device = (await seedDevices(first.database.db, 'pcs', 4))[3];
    if (!device) throw new Error('the seed has too few PCS');
    // Connected and heard (its status), not yet subscribed to its commands.
    const client = await connectDevice(first, device.sn);
    await client.publishAsync(topicOf(device.code, device.sn, 'status'), JSON.stringify({ online: true }), { qos: 1 });
    await vi.waitFor(() => expect(first.app.telemetry?.deviceOnline(device.id)).toBe(true));
    expect(first.app.telemetry?.deviceListening(device.id, 0)).toBe(false);

    const issued = await issueSetpoint(token, device.id, 7);
    expect(issued.state).toBe('sent');

    const received: string[] = [];
    client.on('message', (_topic, buf) => {
      const cmd = JSON.parse(buf.toString()) as { id: string };
      received.push(cmd.id);
      const ack = JSON.stringify({ id: cmd.id, status: 'success' });
      void client.publishAsync(topicOf(device.code, device.sn, 'cmd/ack'), ack, { qos: 1 });
    });
    await client.subscribeAsync(topicOf(device.code, device.sn, 'cmd'), { qos: 1 });
    expect(first.app.telemetry?.deviceListening(device.id, 0)).toBe(true);
    const stored = async () => (await first.database.db.select().from(commands).where(eq(commands.id, issued.id)))[0];
    // Sent again by the sweep (RESEND_EVERY_MS) now that it listens; answered once.
    await vi.waitFor(async () => expect((await stored())?.state).toBe('success'), { timeout: 10_000 });
    expect(received).toEqual([(await stored())?.commandId]);
    await client.endAsync();
    await vi.waitFor(() => expect(first.app.telemetry?.deviceListening(device.id, 0)).toBe(false));
  });
});

describe('an answer lost, its effect reported', () => {
  it('settles the command as success, saying so, once', async () => {
    const token = await login(first.app, 'admin');
    const device = (await seedDevices(first.database.db, 'pcs', 4))[3];
    if (!device) throw new Error('the seed has too few PCS');
    const { client } = await answeringDevice(first, device, silent);
    const { id } = await issueSetpoint(token, device.id, 3);
    const [sent] = await first.database.db.select().from(commands).where(eq(commands.id, id));
    expect(sent?.state).toBe('sent');
    const commandId = sent?.commandId ?? '';
    expect(await first.app.commands.settleReported(commandId, device.id, '2.0.0')).toBe(true);
    expect(await first.app.commands.settleReported(commandId, device.id, '2.0.0')).toBe(false);
    const read = await call(first.app, token, 'GET', `/api/control/command/${id}`, undefined, 'en_US');
    expect(read.json().data).toMatchObject({
      state: 'success',
      message: 'Answer lost; the device reports version 2.0.0, counted as success',
    });
    await client.endAsync();
  });
});

describe('a server killed with commands in flight', () => {
  it('the next one sends still-valid pending and sent commands again (answered: success) and times out expired ones', async () => {
    const token = await login(first.app, 'admin');
    const [sentDevice, pendingDevice, expiredDevice] = [
      ...(await seedDevices(first.database.db, 'pcs', 3)),
      ...(await seedDevices(first.database.db, 'cabinet', 3)),
    ];
    if (!sentDevice || !pendingDevice || !expiredDevice) throw new Error('the seed has too few devices');
    const issue = async (deviceId: number) => {
      const res = await call(first.app, token, 'POST', '/api/control/command', {
        deviceId,
        pointCode: 'pSet',
        value: 12,
        ...(await sealedPassword(first.app)),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { id: number; state: string };
    };

    // Two commands sent to devices that do not answer before the server dies.
    const devA = await answeringDevice(first, sentDevice, silent);
    const devC = await answeringDevice(first, expiredDevice, silent);
    const sent = await issue(sentDevice.id);
    const expired = await issue(expiredDevice.id);
    expect([sent.state, expired.state]).toEqual(['sent', 'sent']);
    // Killed, not closed: its command loop is gone mid-flight and nothing settles what it left.
    first.app.commands.stop();
    // One of them was issued long ago: its time is up when the next server starts.
    await first.database.db
      .update(commands)
      .set({ createTime: sql`now() - interval '1 hour'` })
      .where(eq(commands.id, expired.id));
    // One the server stored but never published (it died in between).
    const protocolId = `points-restart-${Date.now()}`;
    const [pending] = await first.database.db
      .insert(commands)
      .values({
        commandId: protocolId,
        stationId: pendingDevice.stationId,
        deviceId: pendingDevice.id,
        kind: 'points',
        origin: 'control',
        lane: deviceLane(pendingDevice.id),
        payload: { id: protocolId, ts: Date.now(), points: { pSet: 7 } },
        pointCode: 'pSet',
        value: 7,
        timeoutS: TIMEOUT_S,
      })
      .returning({ id: commands.id });
    if (!pending) throw new Error('not stored');

    await Promise.all([devA.client.endAsync(true), devC.client.endAsync(true)]);

    const second = await buildApp({ env: first.env, database: first.database, logger: false });
    await second.ready();
    try {
      const port = second.telemetry?.broker?.port;
      const next = { ...first, app: second, mqttUrl: `mqtt://127.0.0.1:${port}` };
      const token2 = await login(second, 'admin');
      const detail = async (id: number) =>
        (await call(second, token2, 'GET', `/api/control/command/${id}`, undefined, 'en_US')).json().data;
      // The devices come back (to the new server) and answer what they receive.
      const devA2 = await answeringDevice(next, sentDevice, succeed);
      const devB2 = await answeringDevice(next, pendingDevice, succeed);
      try {
        await vi.waitFor(
          async () => {
            expect(await detail(sent.id)).toMatchObject({ state: 'success' });
            expect(await detail(pending.id)).toMatchObject({ state: 'success', pointCode: 'pSet', value: 7 });
          },
          { timeout: 20_000 },
        );
        // The same payload again: the device got its original protocol id.
        const [stored] = await first.database.db.select().from(commands).where(eq(commands.id, sent.id));
        expect(devA2.received.map((c) => c.id)).toContain(stored?.commandId);
        expect(devB2.received.map((c) => c.id)).toContain(protocolId);
        expect(stored?.resentTime).not.toBeNull();
        const got = await detail(pending.id);
        expect(got.sentAt).not.toBeNull();
        expect(got.resolvedAt).toBeGreaterThanOrEqual(got.sentAt);

        await vi.waitFor(async () =>
          expect(await detail(expired.id)).toMatchObject({
            state: 'timeout',
            message: 'Server restarted before the answer; counted as timed out',
          }),
        );
      } finally {
        await Promise.all([devA2.client.endAsync(), devB2.client.endAsync()]);
      }

      // A third server starting now finds nothing left to claim.
      const third = await buildApp({ env: first.env, database: first.database, logger: false });
      await third.ready();
      const claims = () =>
        first.database.db.select({ resentTime: commands.resentTime }).from(commands).orderBy(commands.id);
      const before = await claims();
      await third.close();
      const after = await claims();
      expect(after.map((r) => r.resentTime?.getTime() ?? null)).toEqual(
        before.map((r) => r.resentTime?.getTime() ?? null),
      );
    } finally {
      await second.close();
    }
  });

  it("leaves a live instance's commands to it and takes a stopped one's", async () => {
    const [device] = await seedDevices(first.database.db, 'pcs', 1);
    if (!device) throw new Error('the seed has no PCS');
    const run = `${Date.now()}`;
    await first.database.db.insert(sysInstances).values([
      { id: `live-${run}`, host: 'a', pid: 1, connections: 1 },
      { id: `gone-${run}`, host: 'b', pid: 2, connections: 1, beatTime: sql`now() - interval '1 minute'` },
    ]);
    const issued = async (issuer: string, age: string) => {
      const [row] = await first.database.db
        .insert(commands)
        .values({
          commandId: `${issuer}-${age}`,
          stationId: device.stationId,
          deviceId: device.id,
          kind: 'points',
          origin: 'control',
          payload: { id: `${issuer}-${age}`, ts: Date.now(), points: { pSet: 1 } },
          timeoutS: TIMEOUT_S,
          state: 'sent',
          issuerInstance: issuer,
          createTime: sql`now() - ${age}::interval`,
        })
        .returning({ id: commands.id });
      return row?.id;
    };
    const liveFresh = await issued(`live-${run}`, '5 seconds');
    const goneFresh = await issued(`gone-${run}`, '5 seconds');
    const liveOld = await issued(`live-${run}`, '1 hour');
    const goneOld = await issued(`gone-${run}`, '1 hour');

    const claimed = await claimResends(first.database.db, new Date(), new Date(), `me-${run}`, 6);
    const ours = claimed.map((c) => c.id).filter((id) => id === liveFresh || id === goneFresh);
    expect(ours).toEqual([goneFresh]);
    const expired = await expireCommands(first.database.db, new Date(), `me-${run}`, 6);
    const flags = Object.fromEntries(
      expired.filter((c) => c.id === liveOld || c.id === goneOld).map((c) => [c.id, c.leftBehind]),
    );
    expect(flags).toEqual({ [String(liveOld)]: false, [String(goneOld)]: true });
  });
});

describe('an answer that overtakes the "sent" write', () => {
  it('leaves the command sent at the answer, never answered but unsent', async () => {
    const [device] = await seedDevices(first.database.db, 'pcs', 1);
    if (!device) throw new Error('the seed has no PCS');
    const commandId = `points-overtaken-${Date.now()}`;
    await first.database.db.insert(commands).values({
      commandId,
      stationId: device.stationId,
      deviceId: device.id,
      kind: 'points',
      origin: 'control',
      lane: null,
      payload: { id: commandId, ts: Date.now(), points: { pSet: 1 } },
      pointCode: 'pSet',
      value: 1,
      timeoutS: TIMEOUT_S,
    });
    // Still pending: the device answered before the server wrote "sent".
    const settled = await resolveCommand(first.database.db, { commandId, deviceId: device.id }, 'success', null);
    expect(settled?.state).toBe('success');
    expect(settled?.sentTime).not.toBeNull();
    expect(settled?.sentTime?.getTime()).toBe(settled?.resolvedTime?.getTime());
  });
});
