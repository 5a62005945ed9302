import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ResultCode } from '@ess/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configurePasswordGate, passwordGate, passwordGateLimits } from '../../../lib/password';
import { bearer, createTestApp, DEMO_PASSWORD, loginBody, type TestContext } from '../../../test/harness';
import { expectPasswordBusy } from './password-busy.kit';

// One password check at a time and two waiting: what a burst of sign-ins meets on a busy server.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_RATE_PER_MINUTE: '1000', PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_QUEUE_MAX: '2' });
});
// A new gate with the same limits for each test: no hash time measured by the test before.
beforeEach(() => {
  configurePasswordGate({ ...passwordGate().limits });
});
afterAll(async () => {
  await ctx?.close();
  // Files of this worker that follow get the default gate back.
  configurePasswordGate(passwordGateLimits({}));
});

/** Takes the gate's only turn until `release()`, so the sign-ins that follow must wait. */
function holdTheTurn(): { release: () => void; done: Promise<void> } {
  let release = () => {};
  const done = passwordGate().run(() => new Promise<void>((r) => (release = r)));
  return { release: () => release(), done };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
}

describe('sign-in under a burst', () => {
  it('answers past the queue at once with a localized 503 and Retry-After; the queued ones get sessions', async () => {
    const burst = 8;
    const limits = passwordGate().limits;
    expect(limits).toMatchObject({ concurrency: 1, queueMax: 2 });
    const bodies = await Promise.all(
      Array.from({ length: burst }, () => loginBody(ctx.app, 'operator', DEMO_PASSWORD)),
    );
    const held = holdTheTurn();
    const started = passwordGate().stats().started;
    const answers = bodies.map((payload) =>
      ctx.app.inject({ method: 'POST', url: '/api/sys/user/login', payload, headers: { lang: 'en_US' } }),
    );
    // Every call but the two queued is refused without waiting for the held turn.
    await until(() => passwordGate().stats().refused >= burst - limits.queueMax);
    held.release();
    await held.done;
    const res = await Promise.all(answers);
    const statuses = res.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(limits.queueMax).fill(200), ...Array(burst - limits.queueMax).fill(503)]);
    expect(passwordGate().stats().started - started).toBe(limits.queueMax);
    for (const r of res.filter((x) => x.statusCode === 503)) expectPasswordBusy(r);
    for (const r of res.filter((x) => x.statusCode === 200)) {
      const check = await ctx.app.inject({
        method: 'GET',
        url: '/api/sys/token/checkPlatToken',
        headers: bearer(r.json().data.accessToken),
      });
      expect(check.json().data).toBe(true);
    }
  });

  it('refuses a user that does not exist the same way, so a 503 does not tell who exists', async () => {
    const held = holdTheTurn();
    const [a, b] = await Promise.all([
      loginBody(ctx.app, 'operator', 'x-pass-1'),
      loginBody(ctx.app, 'nobody', 'x-pass-1'),
    ]);
    const fill = await Promise.all([
      loginBody(ctx.app, 'operator', 'x-pass-1'),
      loginBody(ctx.app, 'operator', 'x-pass-1'),
    ]);
    const queued = fill.map((payload) => ctx.app.inject({ method: 'POST', url: '/api/sys/user/login', payload }));
    await until(() => passwordGate().stats().queued === 2);
    const known = await ctx.app.inject({ method: 'POST', url: '/api/sys/user/login', payload: a });
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/sys/user/login', payload: b });
    expect([known.statusCode, unknown.statusCode]).toEqual([503, 503]);
    expect(unknown.json().code).toBe(known.json().code);
    held.release();
    await held.done;
    for (const r of await Promise.all(queued)) expect(r.json().code).toBe(ResultCode.BAD_CREDENTIALS);
  });

  it('drops a queued sign-in whose client has gone, without hashing for it', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const payload = JSON.stringify(await loginBody(ctx.app, 'operator', DEMO_PASSWORD));
    const held = holdTheTurn();
    const before = passwordGate().stats();
    const req = request({
      host: '127.0.0.1',
      port: Number(port),
      method: 'POST',
      path: '/api/sys/user/login',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
    });
    req.on('error', () => {});
    req.end(payload);
    await until(() => passwordGate().stats().queued === 1);
    req.destroy();
    await until(() => passwordGate().stats().abandoned === before.abandoned + 1);
    expect(passwordGate().stats().queued).toBe(0);
    held.release();
    await held.done;
    // Only the held turn ran: the gone client's password was never hashed.
    expect(passwordGate().stats().started).toBe(before.started);
    expect((ctx.app.server.address() as AddressInfo).port).toBe(Number(port));
  });
});
