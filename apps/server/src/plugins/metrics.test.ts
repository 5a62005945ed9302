import type { AddressInfo } from 'node:net';
import { topicOf } from '@ess/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { deviceLane } from '../domains/control/command/command.service';
import { createTestStation, type TestStation } from '../domains/telemetry/telemetry/test-station.kit';
import { bearer, call, connectDevice, createTestApp, login, type TestContext } from '../test/harness';

/** Value of one sample of the exposition text (labels exactly as given), or null when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  const want = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = (m[2] ?? '').split(',').filter(Boolean).sort().join(',');
    if (got === want) return Number(m[3]);
  }
  return null;
}

describe('metrics', () => {
  let ctx: TestContext;
  let st: TestStation;
  let token: string;
  /** The test station's first PCS, connected as itself (one session: a second would take it over). */
  let device: MqttClient;
  const scrape = async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    st = await createTestStation(ctx.database.db);
    await ctx.app.telemetry?.registry.reload();
    token = await login(ctx.app, 'admin');
    device = await connectDevice(ctx, st.pcs[0]?.sn ?? '');
  });
  afterAll(async () => {
    await device?.endAsync();
    await ctx?.close();
  });

  it('counts the telemetry published and acknowledged, its batches and the queue', async () => {
    const [pcs] = st.pcs;
    if (!pcs) throw new Error('fixture');
    const base = Math.floor((Date.now() - 3_600_000) / 60_000) * 60_000;
    const messages = 40;
    const perMessage = 3;
    // PUBACK after commit (embedded broker): every resolved publish is stored.
    await Promise.all(
      Array.from({ length: messages }, (_, i) =>
        device.publishAsync(
          topicOf(st.code, pcs.sn, 'telemetry'),
          JSON.stringify({ ts: base + i * 1000, values: { p: i, q: 1, ua: 230 } }),
          { qos: 1 },
        ),
      ),
    );
    // A point the device model does not have: quarantined with its reason.
    await device.publishAsync(
      topicOf(st.code, pcs.sn, 'telemetry'),
      JSON.stringify({ ts: base + messages * 1000, values: { noSuchPoint: 1 } }),
      { qos: 1 },
    );

    await vi.waitFor(async () => {
      const text = await scrape();
      expect(sample(text, 'ess_ingest_messages_total')).toBe(messages + 1);
      // Virtual points computed from these samples are stored too.
      expect(sample(text, 'ess_ingest_points_total')).toBeGreaterThanOrEqual(messages * perMessage);
      const batches = sample(text, 'ess_ingest_batches_total') ?? 0;
      expect(batches).toBeGreaterThanOrEqual(1);
      const observed = sample(text, 'ess_ingest_batch_duration_seconds_count') ?? 0;
      expect(observed).toBeGreaterThanOrEqual(1);
      expect(observed).toBeLessThanOrEqual(batches);
      expect(sample(text, 'ess_ingest_batch_duration_seconds_bucket', { le: '+Inf' })).toBe(observed);
      expect(sample(text, 'ess_ingest_quarantined_total', { reason: 'unknownPoint' })).toBe(1);
      expect(sample(text, 'ess_ingest_pending_rows')).toBe(0);
      expect(sample(text, 'ess_ingest_waiting_messages')).toBe(0);
      expect(sample(text, 'ess_ingest_saturated')).toBe(0);
    });
  });

  it('measures HTTP calls by route pattern and status class, never by raw URL', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await call(ctx.app, token, 'GET', '/api/sys/platform/info')).statusCode).toBe(200);
    }
    expect((await call(ctx.app, null, 'GET', '/api/sys/platform/info')).statusCode).toBe(401);
    expect((await call(ctx.app, token, 'GET', '/api/business/rate/987654')).statusCode).toBeLessThan(500);
    expect((await call(ctx.app, null, 'GET', '/api/no/such/path?secret=1')).statusCode).toBe(404);
    const text = await scrape();
    const info = { method: 'GET', route: '/api/sys/platform/info' };
    expect(sample(text, 'ess_http_request_duration_seconds_count', { ...info, status_class: '2xx' })).toBe(3);
    expect(sample(text, 'ess_http_request_duration_seconds_count', { ...info, status_class: '4xx' })).toBe(1);
    expect(sample(text, 'ess_http_request_duration_seconds_bucket', { ...info, status_class: '2xx', le: '+Inf' })).toBe(
      3,
    );
    expect(text).toContain('route="/api/business/rate/:id"');
    expect(
      sample(text, 'ess_http_request_duration_seconds_count', {
        method: 'GET',
        route: 'unmatched',
        status_class: '4xx',
      }),
    ).toBe(1);
    // In no label (a sample's value, e.g. resident memory bytes, may hold those digits by chance).
    const labels = text.match(/\{[^}]*\}/g) ?? [];
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.filter((l) => l.includes('987654'))).toEqual([]);
    expect(text).not.toContain('/api/no/such/path');
  });

  it('counts settled commands by kind and final state', async () => {
    const [pcs] = st.pcs;
    if (!pcs) throw new Error('fixture');
    // The device answers its commands; it is online from its status message.
    await device.subscribeAsync(topicOf(st.code, pcs.sn, 'cmd'), { qos: 1 });
    device.on('message', (_topic, payload) => {
      const { id } = JSON.parse(payload.toString()) as { id: string };
      void device.publishAsync(`${topicOf(st.code, pcs.sn, 'cmd')}/ack`, JSON.stringify({ id, status: 'success' }), {
        qos: 1,
      });
    });
    await device.publishAsync(topicOf(st.code, pcs.sn, 'status'), JSON.stringify({ online: true }), { qos: 1 });
    await vi.waitFor(() => expect(ctx.app.telemetry?.deviceOnline(pcs.id)).toBe(true));
    const target = (d: { id: number; sn: string }) => ({
      stationId: st.id,
      stationCode: st.code,
      deviceId: d.id,
      sn: d.sn,
    });
    const answered = await ctx.app.commands.issue(
      { target: target(pcs), origin: 'control', lane: deviceLane(pcs.id), points: { pSet: 10 }, issuedBy: 1 },
      'en_US',
    );
    // The second PCS never connected: its command fails at once (device offline).
    const silent = st.pcs[1];
    if (!silent) throw new Error('fixture');
    const offline = await ctx.app.commands.issue(
      { target: target(silent), origin: 'control', lane: null, points: { pSet: 1 }, issuedBy: 1 },
      'en_US',
    );
    expect(offline.state).toBe('failure');
    await vi.waitFor(async () => {
      const text = await scrape();
      expect(sample(text, 'ess_commands_total', { kind: 'points', state: 'success' })).toBe(1);
      expect(sample(text, 'ess_commands_total', { kind: 'points', state: 'failure' })).toBe(1);
    });
    expect(answered.commandId).toMatch(/^points-/);
  });

  it('counts raised alarms and reports the active ones by level', async () => {
    const [pcs] = st.pcs;
    if (!pcs) throw new Error('fixture');
    const add = await call(
      ctx.app,
      token,
      'POST',
      '/api/alarm/definition/add',
      {
        deviceId: pcs.id,
        pointCode: 'udc',
        condition: 'gt',
        threshold: 800,
        holdSeconds: 0,
        deadband: 0,
        level: 2,
        content: '{device} {point} {value} > {limit}',
        enabled: true,
        name: 'metrics test udc',
      },
      'en_US',
    );
    expect(add.json()).toMatchObject({ code: 200 });
    const before = sample(await scrape(), 'ess_alarms_total', { change: 'raised' }) ?? 0;
    await device.publishAsync(
      topicOf(st.code, pcs.sn, 'telemetry'),
      JSON.stringify({ ts: Date.now() - 1000, values: { udc: 850 } }),
      { qos: 1 },
    );
    await vi.waitFor(async () => {
      const text = await scrape();
      expect(sample(text, 'ess_alarms_total', { change: 'raised' })).toBe(before + 1);
      expect(sample(text, 'ess_alarms_active', { level: '2' })).toBeGreaterThanOrEqual(1);
    });
  });

  it('counts live sockets while they are open, and exposes the process metrics', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, { headers: bearer(token) });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    await vi.waitFor(async () => expect(sample(await scrape(), 'ess_websocket_clients')).toBe(1));
    ws.close();
    await vi.waitFor(async () => expect(sample(await scrape(), 'ess_websocket_clients')).toBe(0));
    const text = await scrape();
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds'])
      expect(text).toContain(`# TYPE ${name} `);
  });

  it('shows the PostgreSQL pool by state (none on PGlite, which has no pool)', async () => {
    const text = await scrape();
    const raw = ctx.database.raw;
    if (raw.kind !== 'postgres') {
      expect(text).not.toContain('ess_db_pool_connections');
      return;
    }
    // Two calls held open: each holds a connection, so the pool has at least two and none queued.
    const held = await Promise.all([raw.pool.connect(), raw.pool.connect()]);
    try {
      const during = await scrape();
      expect(sample(during, 'ess_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(2);
      expect(sample(during, 'ess_db_pool_connections', { state: 'waiting' })).toBe(0);
      const idle = sample(during, 'ess_db_pool_connections', { state: 'idle' }) ?? -1;
      expect(idle).toBeLessThanOrEqual((sample(during, 'ess_db_pool_connections', { state: 'total' }) ?? 0) - 2);
    } finally {
      for (const c of held) c.release();
    }
  });
});

describe('metrics behind METRICS_TOKEN', () => {
  const secret = 'metrics-token-0123456789abcdef';
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ TELEMETRY: 'off', METRICS_TOKEN: secret });
  });
  afterAll(() => ctx?.close());

  it('refuses a scrape without the token (401 envelope) and answers with it', async () => {
    const scrape = (authorization?: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { lang: 'en_US', ...(authorization ? { authorization } : {}) },
      });
    for (const auth of [undefined, 'Bearer wrong-token', `Basic ${secret}`, secret]) {
      const res = await scrape(auth);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json()).toMatchObject({ code: 401, data: null });
    }
    const ok = await scrape(`Bearer ${secret}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('# TYPE ess_http_request_duration_seconds histogram');
    // Telemetry off: no ingest series.
    expect(ok.body).not.toContain('ess_ingest_points_total');
  });
});
