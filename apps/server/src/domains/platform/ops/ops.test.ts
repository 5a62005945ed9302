import type { ReadyCheck } from '@ess/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';

let ctx: TestContext;
const external = Boolean(process.env.MQTT_URL);

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { lang: 'en_US' } });
const stateOf = (checks: ReadyCheck[]) => Object.fromEntries(checks.map((c) => [c.name, c.state]));

describe('health and readiness', () => {
  it('answers liveness without a session', async () => {
    const res = await get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, data: { status: 'up' } });
    expect(res.json().data.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it('is ready with the database and the broker up', async () => {
    const res = await get('/api/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.ready).toBe(true);
    expect(stateOf(res.json().data.checks)).toEqual({ database: 'up', mqtt: 'up', server: 'up' });
  });

  it.skipIf(external)('is not ready (503, envelope naming mqtt) once the embedded broker is down', async () => {
    await ctx.app.telemetry?.close();
    // Probes are shared for a second: the next one sees the closed broker.
    await vi.waitFor(
      async () => {
        const res = await get('/api/ready');
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ code: 503, msg: 'Service not ready', data: { ready: false } });
        const mqtt = res.json().data.checks.find((c: ReadyCheck) => c.name === 'mqtt');
        expect(mqtt).toMatchObject({ state: 'down', reason: 'unreachable' });
      },
      { timeout: 5000, interval: 200 },
    );
    // Liveness does not depend on it.
    expect((await get('/api/health')).statusCode).toBe(200);
  });

  it('is not ready once the database is closed', async () => {
    // The pipeline holds pooled connections, which a PostgreSQL pool waits for before it ends.
    await ctx.app.telemetry?.close();
    const close = ctx.database.close;
    await close();
    // Closed already; the harness's close then only closes the app and drops the database.
    ctx.database.close = async () => {};
    await vi.waitFor(
      async () => {
        const res = await get('/api/ready');
        expect(res.statusCode).toBe(503);
        const db = res.json().data.checks.find((c: ReadyCheck) => c.name === 'database');
        expect(db).toMatchObject({ state: 'down', reason: 'error' });
      },
      { timeout: 5000, interval: 200 },
    );
  });

  it('is not ready from the moment shutdown begins', async () => {
    ctx.app.lifecycle.beginShutdown();
    const res = await get('/api/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json().data.checks.find((c: ReadyCheck) => c.name === 'server')).toMatchObject({
      state: 'down',
      reason: 'shuttingDown',
    });
  });
});
