import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ResultCode, sealSecret } from '@ess/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configurePasswordGate, passwordGate, passwordGateLimits } from '../../../lib/password';
import {
  ADMIN_PASSWORD,
  bearer,
  createTestApp,
  DEMO_PASSWORD,
  login,
  loginBody,
  publicKeyOf,
  sqlRows,
  type TestContext,
} from '../../../test/harness';
import { sealedPassword, seedDevices } from '../../control/control/control.kit';
import { LOCK_FAILURES } from './login-guard';

/** Password checks (verifications through the gate) made by `work`; test hashes skip the gate. */
async function checksDuring<T>(work: () => Promise<T>): Promise<{ result: T; checks: number }> {
  const before = passwordGate().stats().started;
  const result = await work();
  return { result, checks: passwordGate().stats().started - before };
}

const codesOf = (res: { json: () => { code: number } }[]) => {
  const n = new Map<number, number>();
  for (const r of res) n.set(r.json().code, (n.get(r.json().code) ?? 0) + 1);
  return n;
};

describe('every password check goes through the one guard', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ SIMULATOR: 'off', LOGIN_RATE_PER_MINUTE: '100000' });
  });
  afterAll(() => ctx?.close());

  const attemptRow = async (username: string, ip: string) =>
    (
      await sqlRows<{ attempts: number }>(
        ctx.database.db,
        sql`select attempts from sys_password_attempt where username = ${username} and ip = ${ip}`,
      )
    )[0]?.attempts;

  const changePassword = async (token: string, oldPwd: string, newPwd: string) => {
    const pub = await publicKeyOf(ctx.app);
    return ctx.app.inject({
      method: 'PUT',
      url: '/api/sys/user/pwd',
      headers: bearer(token, 'en_US'),
      payload: { oldPwd: await sealSecret(pub, oldPwd), newPwd: await sealSecret(pub, newPwd) },
    });
  };

  it('change password: wrong old passwords count, and past the limit even the right one is not checked', async () => {
    const token = await login(ctx.app, 'operator');
    for (let i = 0; i < LOCK_FAILURES; i++) {
      const wrong = await changePassword(token, `not-mine-${i}`, 'new-password-1');
      expect(wrong.statusCode, wrong.body).toBe(400);
      expect(wrong.json().msg).toBe('Incorrect password');
    }
    const { result: right, checks } = await checksDuring(() => changePassword(token, DEMO_PASSWORD, 'new-password-1'));
    expect(right.statusCode, right.body).toBe(429);
    expect(right.json().code).toBe(ResultCode.ACCOUNT_LOCKED);
    expect(right.json().msg).toMatch(/^Too many wrong passwords .* from this address: .*not checked for 1[45] min$/);
    expect(checks).toBe(0);
    expect(await attemptRow('operator', '127.0.0.1')).toBe(LOCK_FAILURES);
    // The same count locks sign-in of the account from this address; elsewhere the old password still works.
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/sys/user/login',
      payload: await loginBody(ctx.app, 'operator', DEMO_PASSWORD),
    });
    expect(signIn.json().code).toBe(ResultCode.ACCOUNT_LOCKED);
    const elsewhere = await ctx.app.inject({
      method: 'POST',
      url: '/api/sys/user/login',
      payload: await loginBody(ctx.app, 'operator', DEMO_PASSWORD),
      remoteAddress: '198.51.100.77',
    });
    expect(elsewhere.json().code, elsewhere.body).toBe(200);
  });

  it('control re-entry: of 60 parallel wrong passwords at most the limit are checked, the rest refused as locked', async () => {
    const token = await login(ctx.app, 'admin');
    const [pcs] = await seedDevices(ctx.database.db, 'pcs', 1);
    if (!pcs) throw new Error('the seed has no PCS');
    const bodies = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => ({
        deviceId: pcs.id,
        pointCode: 'pSet',
        value: 1,
        ...(await sealedPassword(ctx.app, `guess-${i}-pass`)),
      })),
    );
    const { result, checks } = await checksDuring(() =>
      Promise.all(
        bodies.map((payload) =>
          ctx.app.inject({ method: 'POST', url: '/api/control/command', payload, headers: bearer(token, 'en_US') }),
        ),
      ),
    );
    expect(checks).toBe(LOCK_FAILURES);
    const codes = codesOf(result);
    expect(codes.get(ResultCode.BAD_CREDENTIALS)).toBe(LOCK_FAILURES);
    expect(codes.get(ResultCode.ACCOUNT_LOCKED)).toBe(60 - LOCK_FAILURES);
    const locked = result.find((r) => r.json().code === ResultCode.ACCOUNT_LOCKED);
    expect(locked?.statusCode).toBe(429);
    expect(locked?.json().msg).toMatch(/not checked for 1[45] min$/);
    expect(await attemptRow('admin', '127.0.0.1')).toBe(LOCK_FAILURES);
    // The right password is refused too, unchecked.
    const { result: right, checks: rightChecks } = await checksDuring(async () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/control/command',
        payload: { deviceId: pcs.id, pointCode: 'pSet', value: 1, ...(await sealedPassword(ctx.app, ADMIN_PASSWORD)) },
        headers: bearer(token, 'en_US'),
      }),
    );
    expect(right.json().code).toBe(ResultCode.ACCOUNT_LOCKED);
    expect(rightChecks).toBe(0);
  });

  it('sign-in: of 60 parallel wrong passwords from one address at most the limit are checked', async () => {
    const bodies = await Promise.all(
      Array.from({ length: 60 }, (_, i) => loginBody(ctx.app, 'maintainer', `guess-${i}-pass`)),
    );
    const { result, checks } = await checksDuring(() =>
      Promise.all(
        bodies.map((payload) =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/sys/user/login',
            payload,
            headers: { lang: 'en_US' },
            remoteAddress: '203.0.113.9',
          }),
        ),
      ),
    );
    expect(checks).toBe(LOCK_FAILURES);
    const codes = codesOf(result);
    expect(codes.get(ResultCode.BAD_CREDENTIALS)).toBe(LOCK_FAILURES);
    expect(codes.get(ResultCode.ACCOUNT_LOCKED)).toBe(60 - LOCK_FAILURES);
    expect(await attemptRow('maintainer', '203.0.113.9')).toBe(LOCK_FAILURES);
  });

  it('a right password clears the count of its account and address', async () => {
    const ip = '192.0.2.44';
    const signIn = async (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/sys/user/login',
        payload: await loginBody(ctx.app, 'manager', password),
        remoteAddress: ip,
      });
    expect((await signIn('wrong-pass-1')).json().code).toBe(ResultCode.BAD_CREDENTIALS);
    expect((await signIn('wrong-pass-2')).json().code).toBe(ResultCode.BAD_CREDENTIALS);
    expect(await attemptRow('manager', ip)).toBe(2);
    expect((await signIn(DEMO_PASSWORD)).json().code).toBe(200);
    expect(await attemptRow('manager', ip)).toBeUndefined();
  });
});

describe('a flood of wrong change-password calls', () => {
  let ctx: TestContext;
  // One check at a time: a flood that reached the gate would stand between the admin and their turn.
  beforeAll(async () => {
    ctx = await createTestApp({ SIMULATOR: 'off', TELEMETRY: 'off', PASSWORD_HASH_CONCURRENCY: '1' });
  });
  afterAll(async () => {
    await ctx?.close();
    // Files of this worker that follow get the default gate back.
    configurePasswordGate(passwordGateLimits({}));
  });

  it('leaves at most the limit of checks ahead of an administrator signing in meanwhile', async () => {
    const flood = 250;
    const token = await login(ctx.app, 'operator');
    const pub = await publicKeyOf(ctx.app);
    const payloads = await Promise.all(
      Array.from({ length: flood }, async (_, i) => ({
        oldPwd: await sealSecret(pub, `guess-${i}-pass`),
        newPwd: await sealSecret(pub, 'taken-over-1'),
      })),
    );
    const admin = await loginBody(ctx.app, 'admin', ADMIN_PASSWORD);
    // A new gate (nothing measured yet) whose only turn is held: every check that gets past
    // the guard waits in its queue, where it can be counted before the administrator comes.
    // Its waits outlast the flood's own handling on a loaded machine.
    const gate = configurePasswordGate({ ...passwordGate().limits, maxWaitMs: 60_000 });
    let release = () => {};
    const held = gate.run(() => new Promise<void>((r) => (release = r)));
    let answered = 0;
    const calls = payloads.map((payload) =>
      ctx.app
        .inject({ method: 'PUT', url: '/api/sys/user/pwd', payload, headers: bearer(token, 'en_US') })
        .finally(() => answered++),
    );
    await vi.waitFor(() => expect(answered + gate.stats().queued).toBe(flood), { timeout: 30_000 });
    const { queued: ahead, refused } = gate.stats();
    const signIn = ctx.app.inject({ method: 'POST', url: '/api/sys/user/login', payload: admin });
    // The administrator's check is queued behind what the flood left (or refused, were the queue full).
    await vi.waitFor(() => expect(gate.stats().queued - ahead + gate.stats().refused - refused).toBe(1));
    release();
    await held;
    const res = await signIn;
    expect(res.json().code, res.body).toBe(200);
    // At most the limit of checks ran before it: under a second at production's cost.
    expect(ahead).toBeLessThanOrEqual(LOCK_FAILURES);
    const codes = codesOf(await Promise.all(calls));
    expect(codes.get(ResultCode.BAD_CREDENTIALS)).toBe(LOCK_FAILURES);
    expect(codes.get(ResultCode.ACCOUNT_LOCKED)).toBe(flood - LOCK_FAILURES);
    // The held turn, the flood's checks under the limit and the administrator's.
    expect(gate.stats()).toMatchObject({ started: 1 + LOCK_FAILURES + 1, refused: 0, timedOut: 0 });
  });
});

describe('password hashes', () => {
  it('are verified nowhere but in the guard, and derived nowhere but in lib/password.ts', () => {
    const src = join(import.meta.dirname, '../../..');
    const sources = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('test/'))
      .map((f) => ({ file: relative(src, join(src, f)), text: readFileSync(join(src, f), 'utf8') }));
    expect(sources.length).toBeGreaterThan(100);
    const verifying = sources.filter((s) => /\bverifyPassword\b/.test(s.text)).map((s) => s.file);
    expect(verifying.sort()).toEqual(['domains/access/auth/login-guard.ts', 'lib/password.ts']);
    // argon2 imported, or scrypt taken from node:crypto, by name or through the module.
    const kdf = /from\s*'argon2'|import\s*\{[^}]*\bscrypt(Sync)?\b[^}]*\}\s*from\s*'(node:)?crypto'|\.scrypt(Sync)?\(/;
    const deriving = sources.filter((s) => kdf.test(s.text));
    expect(deriving.map((s) => s.file)).toEqual(['lib/password.ts']);
  });
});
