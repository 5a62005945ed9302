import {
  deviceApi,
  type EquipmentRow,
  equipModelApi,
  equipmentApi,
  type ModelSaveResult,
  topicOf,
} from '@ess/contract';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectDevice, createTestApp, sqlRows, stationIdLookup, type TestContext } from '../../../test/harness';
import { type Role, signInAll } from '../device/sessions.kit';
import { hit, testModel, testPoint } from './equipment-api.kit';

/**
 * A device and a point added through the administration calls are accepted by the running
 * ingest at once (no restart): real MQTT publishes as the new device, with the credentials the
 * credentials call issued.
 */
let ctx: TestContext;
let tokens: Record<Role, string>;
let client: MqttClient | null = null;

beforeAll(async () => {
  ctx = await createTestApp({ SIMULATOR: 'off' });
  tokens = await signInAll(ctx.app);
});
afterAll(async () => {
  await client?.endAsync();
  await ctx?.close();
});

const admin = (entry: Parameters<typeof hit>[2], input?: Record<string, unknown>) =>
  hit(ctx.app, tokens.admin, entry, input);

const latest = (deviceId: number, code: string) =>
  sqlRows<{ value: number }>(
    ctx.database.db,
    sql`SELECT l.value FROM ts_latest l JOIN biz_point p ON p.id = l.point_id
        WHERE p.device_id = ${deviceId} AND p.code = ${code}`,
  );
const quarantined = (sn: string) =>
  sqlRows<{ reason: string; point_code: string | null }>(
    ctx.database.db,
    sql`SELECT reason, point_code FROM ts_quarantine WHERE sn = ${sn} ORDER BY id`,
  );

describe('ingest follows equipment changes without a restart', () => {
  it('accepts a new device at once, then a point added to its model', async () => {
    const station = (await stationIdLookup(ctx.database.db))('JS-SZ01');
    const model = await admin(equipModelApi.equipModelAdd, testModel('PCS-LIVE', [testPoint('p'), testPoint('q')]));
    const modelId = (model.data as ModelSaveResult).id;
    const sn = 'JS-SZ01-LIVE-1';
    const add = await admin(equipmentApi.equipmentAdd, { stationId: station, modelId, name: 'Live PCS', sn });
    expect(add.status, add.msg).toBe(200);
    const deviceId = (add.data as EquipmentRow).id;

    const creds = await admin(deviceApi.deviceCredentials, { deviceId });
    expect(creds.status, creds.msg).toBe(200);
    const { username, password } = creds.data as { username: string; password: string };
    client = await connectDevice(ctx, sn, { username, password });
    const topic = topicOf('JS-SZ01', sn, 'telemetry');
    const now = Date.now() - 1000;

    await client.publishAsync(topic, JSON.stringify({ ts: now, values: { p: 42.5, r: 1 } }), { qos: 1 });
    await vi.waitFor(async () => expect(await latest(deviceId, 'p')).toEqual([{ value: 42.5 }]), { timeout: 10_000 });
    // `r` is not a point of the model yet.
    await vi.waitFor(async () => expect(await quarantined(sn)).toEqual([{ reason: 'unknownPoint', point_code: 'r' }]), {
      timeout: 10_000,
    });

    const upd = await admin(
      equipModelApi.equipModelUpdate,
      testModel('PCS-LIVE', [testPoint('p'), testPoint('q'), testPoint('r', { min: 0, max: 10 })], { id: modelId }),
    );
    expect(upd.data).toMatchObject({ devicePointsAdded: 1 });

    await client.publishAsync(topic, JSON.stringify({ ts: now + 500, values: { r: 7 } }), { qos: 1 });
    await vi.waitFor(async () => expect(await latest(deviceId, 'r')).toEqual([{ value: 7 }]), { timeout: 10_000 });
    // The new point's range applies as well.
    await client.publishAsync(topic, JSON.stringify({ ts: now + 600, values: { r: 70 } }), { qos: 1 });
    await vi.waitFor(
      async () => expect((await quarantined(sn)).map((q) => q.reason)).toEqual(['unknownPoint', 'outOfRange']),
      { timeout: 10_000 },
    );
    expect(await latest(deviceId, 'r')).toEqual([{ value: 7 }]);
  });
});
