import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordGate } from '../../../lib/password';
import { DEFAULT_LOAD_LIMITS } from '../../../lib/server-load';
import { bearer, createTestApp, DEMO_PASSWORD, loginBody, type TestContext } from '../../../test/harness';
import { expectPasswordBusy } from './password-busy.kit';

// The server's load monitor reads this as the database's queue (the only stand-in: everything
// else, from the monitor's timer to the answer, is the real app).
let queued = 0;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_RATE_PER_MINUTE: '1000' }, { waiting: () => queued });
});
afterAll(async () => {
  queued = 0;
  await ctx?.close();
});

const signIn = async () =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/sys/user/login',
    payload: await loginBody(ctx.app, 'operator', DEMO_PASSWORD),
    headers: { lang: 'en_US' },
  });

const metric = async (name: string) => {
  const text = (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
};

describe('sign-in while the server is behind', () => {
  it('sends newcomers over the rate away with Retry-After, answers those signed in, and lets newcomers in after', async () => {
    const before = await signIn();
    const token = before.json().data.accessToken as string;
    expect(before.statusCode).toBe(200);

    queued = DEFAULT_LOAD_LIMITS.queueMax * 3;
    // Each second behind halves the rate, on the monitor's own timer: sign-ins every 200 ms get in
    // until it falls under five a second.
    await vi.waitFor(async () => expect((await signIn()).statusCode).toBe(503), { timeout: 15_000, interval: 200 });
    const hashes = passwordGate().stats().started;
    expectPasswordBusy(await signIn());
    // Refused before the password was checked: no hash ran for the newcomers.
    expect(passwordGate().stats().started).toBe(hashes);
    expect(await metric('ess_server_behind')).toBe(1);
    expect(await metric('ess_sign_in_rate')).toBeLessThan(DEFAULT_LOAD_LIMITS.maxRate);
    expect(await metric('ess_sign_ins_shed_total')).toBeGreaterThanOrEqual(2);
    // Whoever is in goes on.
    const check = await ctx.app.inject({ method: 'GET', url: '/api/sys/token/checkPlatToken', headers: bearer(token) });
    expect(check.json().data).toBe(true);

    queued = 0;
    await vi.waitFor(async () => expect(await metric('ess_server_behind')).toBe(0), { timeout: 5_000, interval: 200 });
    await vi.waitFor(async () => expect((await signIn()).statusCode).toBe(200), { timeout: 10_000, interval: 200 });
  });
});
