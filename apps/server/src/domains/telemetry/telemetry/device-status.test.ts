import { topicOf } from '@ess/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { devices } from '../../../db/schema';
import type { DeviceStatusChange } from '../../../kernel/telemetry-bus';
import { connectDevice, createTestApp, type TestContext } from '../../../test/harness';
import type { TelemetryRuntime } from './telemetry-runtime';
import { createTestStation, type TestDevice, type TestStation } from './test-station.kit';

let ctx: TestContext;
let telemetry: TelemetryRuntime;
let st: TestStation;
let pcs: TestDevice;
const changes: DeviceStatusChange[] = [];

beforeAll(async () => {
  ctx = await createTestApp({}, { telemetryHooks: { statusCheckMs: 100 } });
  if (!ctx.app.telemetry) throw new Error('telemetry off');
  telemetry = ctx.app.telemetry;
  // Reporting every second: silent for 3 s means offline.
  st = await createTestStation(ctx.database.db, { reportIntervalS: 1 });
  await telemetry.registry.reload();
  pcs = st.pcs[0] ?? { id: 0, sn: '', points: new Map() };
  telemetry.bus.on('deviceStatus', (c) => {
    if (c.deviceId === pcs.id) changes.push(c);
  });
});

afterAll(() => ctx?.close());

const stored = async () => {
  const [row] = await ctx.database.db
    .select({ status: devices.status, lastSeenAt: devices.lastSeenAt })
    .from(devices)
    .where(eq(devices.id, pcs.id));
  return row;
};
const last = () => changes.at(-1)?.online;
const sample = () => JSON.stringify({ ts: Date.now(), values: { p: 1 } });

describe('device status', () => {
  it('goes online with data, offline on its status message or last will, online again with data', async () => {
    const will = {
      topic: topicOf(st.code, pcs.sn, 'status'),
      payload: Buffer.from('{"online":false}'),
      qos: 1 as const,
      retain: true,
    };
    const client = await connectDevice(ctx, pcs.sn, { will });
    await client.publishAsync(topicOf(st.code, pcs.sn, 'telemetry'), sample(), { qos: 1 });
    await vi.waitFor(() => expect(last()).toBe(true), { timeout: 10_000 });
    await vi.waitFor(async () => expect((await stored())?.status).toBe('online'), { timeout: 10_000 });
    expect((await stored())?.lastSeenAt).toBeInstanceOf(Date);
    expect(changes.at(-1)).toMatchObject({ stationId: st.id, deviceId: pcs.id });

    await client.publishAsync(topicOf(st.code, pcs.sn, 'status'), '{"online":false}', { qos: 1, retain: true });
    await vi.waitFor(() => expect(last()).toBe(false), { timeout: 10_000 });
    await vi.waitFor(async () => expect((await stored())?.status).toBe('offline'), { timeout: 10_000 });

    await client.publishAsync(topicOf(st.code, pcs.sn, 'telemetry'), sample(), { qos: 1 });
    await vi.waitFor(() => expect(last()).toBe(true), { timeout: 10_000 });

    // Connection lost without DISCONNECT: the broker publishes the will.
    const n = changes.length;
    client.stream.destroy();
    await vi.waitFor(() => expect(changes.length).toBeGreaterThan(n), { timeout: 10_000 });
    expect(last()).toBe(false);
    client.end(true);
  });

  it('goes offline when data stops for three reporting intervals', async () => {
    const client = await connectDevice(ctx, pcs.sn);
    await client.publishAsync(topicOf(st.code, pcs.sn, 'telemetry'), sample(), { qos: 1 });
    await vi.waitFor(() => expect(last()).toBe(true), { timeout: 10_000 });
    const online = Date.now();
    await vi.waitFor(() => expect(last()).toBe(false), { timeout: 6000 });
    expect(Date.now() - online).toBeGreaterThanOrEqual(2500);
    // Tidy a shared broker: no retained status of this test station stays behind.
    await client.publishAsync(topicOf(st.code, pcs.sn, 'status'), '', { qos: 1, retain: true });
    await client.endAsync();
  });
});
