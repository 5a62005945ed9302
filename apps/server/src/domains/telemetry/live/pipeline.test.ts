import { topicOf } from '@ess/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, connectDevice, createTestApp, login, stationIdLookup, type TestContext } from '../../../test/harness';
import { deviceIdOf } from '../../stations/point/telemetry-fixtures.kit';
import { TestClient } from './live.kit';

/** End to end: a device publishes → the ingest stores → the API reads it → the live socket pushes it. */
let ctx: TestContext;
let device: MqttClient;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp();
  token = await login(ctx.app, 'maintainer');
});
afterAll(async () => {
  await device?.endAsync();
  await ctx?.close();
});

describe('telemetry pipeline to API and live socket', () => {
  it('delivers a published sample to pointDataShowList, pointCurve, and the socket', async () => {
    if (!ctx.mqttUrl) return;
    const sid = await stationIdLookup(ctx.database.db);
    const cabinet = await deviceIdOf(ctx.database.db, 'GD-GZ01-CAB-01');
    const totals = await deviceIdOf(ctx.database.db, 'GD-GZ01-VIRT');
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const socket = await TestClient.open(`ws://127.0.0.1:${port}/api/ws`);
    socket.send({ type: 'auth', token });
    await socket.next('ready');
    socket.send({ type: 'subscribe', stationId: sid('GD-GZ01') });
    await socket.next('snapshot');

    device = await connectDevice(ctx, 'GD-GZ01-CAB-01');
    const ts = Date.now();
    await device.publishAsync(
      topicOf('GD-GZ01', 'GD-GZ01-CAB-01', 'telemetry'),
      JSON.stringify({ ts, values: { p: -42.5, soc: 55.5 } }),
      { qos: 1 },
    );

    const rows = await vi.waitFor(
      async () => {
        const res = await call(ctx.app, token, 'POST', '/api/business/point/pointDataShowList', { deviceId: cabinet });
        const list: { code: string; value: number | null; ts: number | null }[] = res.json().data;
        const p = list.find((r) => r.code === 'p');
        if (p?.value !== -42.5) throw new Error('not stored yet');
        return list;
      },
      { timeout: 10_000 },
    );
    expect(rows.find((r) => r.code === 'soc')).toMatchObject({ value: 55.5, ts });

    const curve = await call(ctx.app, token, 'POST', '/api/business/point/pointCurve', {
      deviceId: cabinet,
      points: ['p'],
      from: ts - 60_000,
      to: ts + 60_000,
    });
    expect(curve.json().data.series[0].data).toEqual([[ts, -42.5]]);

    const latest = await vi.waitFor(
      () => {
        const m = socket.of('latest').find((r) => r.msg.deviceId === cabinet);
        if (!m) throw new Error('no latest yet');
        return m.msg;
      },
      { timeout: 10_000 },
    );
    expect(latest.values).toMatchObject({ p: { value: -42.5, ts }, soc: { value: 55.5, ts } });
    // The station totals are computed on ingest and summarised on the socket.
    const summary = await vi.waitFor(
      () => {
        const m = socket.of('summary').at(-1);
        if (m?.msg.summary.storagePower !== -42.5) throw new Error('no summary yet');
        return m.msg.summary;
      },
      { timeout: 10_000 },
    );
    expect(summary).toMatchObject({ soc: 55.5 });
    expect(socket.of('latest').some((r) => r.msg.deviceId === totals)).toBe(true);
    socket.close();
  });
});
