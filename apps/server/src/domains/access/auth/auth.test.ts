import { randomBytes, scryptSync } from 'node:crypto';
import { importPublicKey, ResultCode, sealSecret } from '@ess/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { logs, sessions, users } from '../../../db/schema';
import {
  ADMIN_PASSWORD,
  bearer,
  createTestApp,
  DEMO_PASSWORD,
  login,
  loginBody,
  publicKeyOf,
  type TestContext,
} from '../../../test/harness';
import { TEST_ARGON2 } from '../../../test/password-cost';
import { ACCOUNT_BUCKET, LOCK_FAILURES, LOCK_WINDOW_MS } from './login-guard';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_RATE_PER_MINUTE: '1000' });
});
afterAll(() => ctx?.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('login protocol', () => {
  it('publishes an RSA-2048 SPKI public key', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/sys/user/publicKey' });
    expect(res.statusCode).toBe(200);
    const { publicKey } = res.json().data;
    expect(publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const key = await importPublicKey(publicKey);
    expect((key.algorithm as RsaHashedKeyAlgorithm).modulusLength).toBe(2048);
  });

  it('keeps the key pair across restarts on the same database', async () => {
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/sys/user/publicKey' })).json().data.publicKey;
    const again = await buildApp({ env: ctx.env, database: ctx.database, logger: false });
    const after = (await again.inject({ method: 'GET', url: '/api/sys/user/publicKey' })).json().data.publicKey;
    await again.close();
    expect(after).toBe(before);
  });

  it('signs in with the right password, trims the user name and logs it', async () => {
    const body = await loginBody(ctx.app, '  admin  ', ADMIN_PASSWORD);
    const res = await post('/api/sys/user/login', body);
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json.code).toBe(200);
    expect(json.data.accessToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/sys/user/publicKey',
      headers: bearer(json.data.accessToken),
    });
    expect(me.statusCode).toBe(200);
    const rows = await ctx.database.db.select().from(logs).where(eq(logs.name, 'login.success'));
    expect(rows.some((r) => r.username === 'admin' && r.success)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(ADMIN_PASSWORD);
  });

  it('refuses a wrong password with 400101 in the request language', async () => {
    const res = await post('/api/sys/user/login', await loginBody(ctx.app, 'operator', 'wrong-password'), {
      lang: 'en_US',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: ResultCode.BAD_CREDENTIALS,
      msg: 'Incorrect user name or password',
      data: null,
    });
    const ja = await post('/api/sys/user/login', await loginBody(ctx.app, 'operator', 'wrong-password'), {
      lang: 'ja_JP',
    });
    expect(ja.json().msg).toBe('ユーザー名またはパスワードが正しくありません');
  });

  it('refuses an unknown user exactly like a wrong password', async () => {
    const res = await post('/api/sys/user/login', await loginBody(ctx.app, 'nobody', 'whatever1'));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ResultCode.BAD_CREDENTIALS);
  });

  it('refuses a replayed key', async () => {
    const body = await loginBody(ctx.app, 'operator', DEMO_PASSWORD);
    expect((await post('/api/sys/user/login', body)).statusCode).toBe(200);
    const again = await post('/api/sys/user/login', body);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe(ResultCode.KEY_REPLAYED);
  });

  it('refuses malformed base64, a tampered cipher and a foreign key', async () => {
    const good = await loginBody(ctx.app, 'operator', DEMO_PASSWORD);
    const notBase64 = await post('/api/sys/user/login', { ...good, password: '%%%not-base64%%%' });
    expect(notBase64.statusCode).toBe(400);
    expect(notBase64.json().code).toBe(ResultCode.BAD_REQUEST);

    const raw = Buffer.from(good.password, 'base64');
    raw[0] = (raw[0] ?? 0) ^ 0xff;
    const tampered = await post('/api/sys/user/login', { ...good, password: raw.toString('base64') });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().code).toBe(ResultCode.BAD_CIPHER);

    const foreign = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    );
    const sealed = await sealSecret(foreign.publicKey, DEMO_PASSWORD);
    const wrongKey = await post('/api/sys/user/login', {
      username: 'operator',
      type: 'pc',
      password: sealed.cipher,
      aesKey: sealed.aesKey,
      iv: sealed.iv,
    });
    expect(wrongKey.statusCode).toBe(400);
    expect(wrongKey.json().code).toBe(ResultCode.BAD_CIPHER);
  });

  it('refuses a wrong type, missing fields, wrong JSON and wrong field types with 400', async () => {
    const good = await loginBody(ctx.app, 'operator', DEMO_PASSWORD);
    const wrongType = await post('/api/sys/user/login', { ...good, type: 'app' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().msg).toContain('type');
    const missing = await post('/api/sys/user/login', { username: 'operator' });
    expect(missing.statusCode).toBe(400);
    const wrongTypes = await post('/api/sys/user/login', { ...good, username: 42 });
    expect(wrongTypes.statusCode).toBe(400);
    const badJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/sys/user/login',
      payload: '{"username":',
      headers: { 'content-type': 'application/json', lang: 'es_ES' },
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({ code: 400, msg: 'El cuerpo de la solicitud no es JSON válido', data: null });
  });

  it('answers an oversized body with 413 and never a stack trace', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/sys/user/login',
      payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(413);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('brute-force defence', () => {
  let bf: TestContext;
  const clock = { t: Date.now() };
  beforeAll(async () => {
    bf = await createTestApp({ LOGIN_RATE_PER_MINUTE: '100000', TELEMETRY: 'off' }, { clock: () => clock.t });
  });
  afterAll(() => bf?.close());

  const attempt = async (username: string, password: string, ip: string) => {
    const res = await bf.app.inject({
      method: 'POST',
      url: '/api/sys/user/login',
      payload: await loginBody(bf.app, username, password),
      headers: { lang: 'en_US' },
      remoteAddress: ip,
    });
    return { status: res.statusCode, code: res.json().code as number, msg: res.json().msg as string };
  };

  it('locks one address out of an account after ten failures, not the owner elsewhere', async () => {
    for (let i = 0; i < LOCK_FAILURES; i++) {
      expect((await attempt('maintainer', `wrong-${i}-pass`, '203.0.113.7')).code).toBe(ResultCode.BAD_CREDENTIALS);
    }
    const locked = await attempt('maintainer', DEMO_PASSWORD, '203.0.113.7');
    expect(locked.status).toBe(429);
    expect(locked.code).toBe(ResultCode.ACCOUNT_LOCKED);
    expect(locked.msg).toMatch(/from this address.*1[45] min/);
    // The owner at another address, and other accounts at the locked one, are not affected.
    expect((await attempt('maintainer', DEMO_PASSWORD, '198.51.100.20')).code).toBe(200);
    expect((await attempt('manager', DEMO_PASSWORD, '203.0.113.7')).code).toBe(200);
    // The lock ends with its window.
    clock.t += LOCK_WINDOW_MS + 1000;
    expect((await attempt('maintainer', DEMO_PASSWORD, '203.0.113.7')).code).toBe(200);
  });

  it('slows distributed guessing of one account to at most 100 checks an hour, never the owner at a known address', async () => {
    // The owner signed in from their office before the attack.
    expect((await attempt('operator', DEMO_PASSWORD, '10.9.9.9')).code).toBe(200);
    const codes = new Map<number, number>();
    const hourStart = clock.t;
    let n = 0;
    for (; clock.t < hourStart + 3_600_000; clock.t += 12_000) {
      // Every attempt from a new address: the per-address lock never trips.
      const r = await attempt('operator', `guess-${n}`, `198.18.${n >> 8}.${n & 255}`);
      n++;
      codes.set(r.code, (codes.get(r.code) ?? 0) + 1);
      if (n % 50 === 0) expect((await attempt('operator', DEMO_PASSWORD, '10.9.9.9')).code).toBe(200);
    }
    const checked = codes.get(ResultCode.BAD_CREDENTIALS) ?? 0;
    expect(checked).toBeLessThanOrEqual(100);
    expect(checked).toBeGreaterThanOrEqual(ACCOUNT_BUCKET.size);
    expect((codes.get(ResultCode.RATE_LIMITED) ?? 0) + checked).toBe(n);
    // A new address of the owner waits at most one refill, then gets in.
    clock.t += ACCOUNT_BUCKET.refillMs;
    expect((await attempt('operator', DEMO_PASSWORD, '192.0.2.55')).code).toBe(200);
  });

  it('lets no burst of parallel attempts past the ceiling', async () => {
    clock.t += 3_600_000;
    const results = await Promise.all(
      Array.from({ length: ACCOUNT_BUCKET.size + 15 }, (_, i) => attempt('manager', `burst-${i}`, `100.64.0.${i + 1}`)),
    );
    const checked = results.filter((r) => r.code === ResultCode.BAD_CREDENTIALS).length;
    expect(checked).toBe(ACCOUNT_BUCKET.size);
    const throttled = results.find((r) => r.code === ResultCode.RATE_LIMITED);
    expect(throttled?.msg).toMatch(/for this account lately: try again in \d+ s/);
  });
});

describe('sessions', () => {
  it('needs a token, and a revoked token gets 401002', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: '/api/sys/user/logout' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe(ResultCode.UNAUTHENTICATED);
    const token = await login(ctx.app, 'operator');
    const out = await ctx.app.inject({ method: 'GET', url: '/api/sys/user/logout', headers: bearer(token) });
    expect(out.json().code).toBe(200);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/sys/user/logout', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe(ResultCode.SESSION_INVALID);
    const garbage = await ctx.app.inject({ method: 'GET', url: '/api/sys/user/logout', headers: bearer('garbage') });
    expect(garbage.json().code).toBe(ResultCode.SESSION_INVALID);
    const rows = await ctx.database.db.select().from(logs).where(eq(logs.name, 'logout'));
    expect(rows.length).toBeGreaterThan(0);
  });

  it('expires idle and absolutely old sessions with 401001', async () => {
    const idle = await login(ctx.app, 'operator');
    const old = new Date(Date.now() - 3 * 3_600_000);
    await ctx.database.db.update(sessions).set({ lastSeenAt: old }).where(eq(sessions.kind, 'pc'));
    const r1 = await ctx.app.inject({ method: 'GET', url: '/api/sys/user/logout', headers: bearer(idle, 'en_US') });
    expect(r1.statusCode).toBe(401);
    expect(r1.json()).toEqual({
      code: ResultCode.SESSION_EXPIRED,
      msg: 'Login credential expired, please log in again',
      data: null,
    });

    const absolute = await login(ctx.app, 'operator');
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.kind, 'pc'));
    const r2 = await ctx.app.inject({ method: 'GET', url: '/api/sys/user/logout', headers: bearer(absolute) });
    expect(r2.json().code).toBe(ResultCode.SESSION_EXPIRED);
  });

  it('checkPlatToken says whether the session is valid without failing', async () => {
    const token = await login(ctx.app, 'operator');
    const yes = await ctx.app.inject({ method: 'GET', url: '/api/sys/token/checkPlatToken', headers: bearer(token) });
    expect(yes.json().data).toBe(true);
    const no = await ctx.app.inject({ method: 'GET', url: '/api/sys/token/checkPlatToken', headers: bearer('nope') });
    expect(no.statusCode).toBe(200);
    expect(no.json().data).toBe(false);
  });

  it('exchanges a one-time large-screen token exactly once', async () => {
    const token = await login(ctx.app, 'operator');
    const applied = await ctx.app.inject({
      method: 'POST',
      url: '/api/sys/token/applyLargeScreenToken',
      headers: bearer(token),
    });
    const bigToken = applied.json().data.token as string;
    // The big token itself is not a session token.
    const direct = await ctx.app.inject({ method: 'GET', url: '/api/sys/user/logout', headers: bearer(bigToken) });
    expect(direct.json().code).toBe(ResultCode.SESSION_INVALID);
    const first = await post('/api/sys/token/loginToCloud', { bigToken, type: 'pc' });
    expect(first.json().code).toBe(200);
    const second = await post('/api/sys/token/loginToCloud', { bigToken, type: 'pc' });
    expect(second.statusCode).toBe(401);
  });

  it('signs in the shared screen account, which may not change its password', async () => {
    const res = await post('/api/sys/token/screenLogin', { from: 'new-screen' });
    expect(res.json().code).toBe(200);
    const token = res.json().data.accessToken as string;
    const pub = await publicKeyOf(ctx.app);
    const pwd = await ctx.app.inject({
      method: 'PUT',
      url: '/api/sys/user/pwd',
      headers: bearer(token, 'en_US'),
      payload: { oldPwd: await sealSecret(pub, DEMO_PASSWORD), newPwd: await sealSecret(pub, 'another-1') },
    });
    expect(pwd.statusCode).toBe(403);
    expect(pwd.json()).toEqual({
      code: ResultCode.FORBIDDEN,
      msg: 'The shared demo account cannot change its password or personal settings',
      data: null,
    });
    // The password is unchanged: the demo account still signs in with it.
    expect(await login(ctx.app, 'screen', DEMO_PASSWORD)).toBeTruthy();
    expect((await post('/api/sys/token/screenLogin', { from: 'elsewhere' })).statusCode).toBe(400);
  });
});

describe('password change', () => {
  it('checks the old password and lengths, then revokes every session', async () => {
    const ctx2 = await createTestApp();
    try {
      const token = await login(ctx2.app, 'operator');
      const other = await login(ctx2.app, 'operator');
      const put = async (oldPwd: string, newPwd: string, t = token) => {
        const pub = await publicKeyOf(ctx2.app);
        return ctx2.app.inject({
          method: 'PUT',
          url: '/api/sys/user/pwd',
          headers: bearer(t, 'en_US'),
          payload: { oldPwd: await sealSecret(pub, oldPwd), newPwd: await sealSecret(pub, newPwd) },
        });
      };
      const wrongOld = await put('not-my-password', 'new-password-1');
      expect(wrongOld.statusCode).toBe(400);
      expect(wrongOld.json().msg).toBe('Incorrect password');
      const tooShort = await put(DEMO_PASSWORD, '12345');
      expect(tooShort.json().msg).toBe('Password must be 6 to 18 characters');
      const tooLong = await put(DEMO_PASSWORD, 'x'.repeat(19));
      expect(tooLong.statusCode).toBe(400);
      const done = await put(DEMO_PASSWORD, 'new-password-1');
      expect(done.json().code).toBe(200);
      const stale = await ctx2.app.inject({ method: 'GET', url: '/api/sys/user/logout', headers: bearer(other) });
      expect(stale.json().code).toBe(ResultCode.SESSION_INVALID);
      await expect(login(ctx2.app, 'operator', DEMO_PASSWORD)).rejects.toThrow();
      expect(await login(ctx2.app, 'operator', 'new-password-1')).toBeTruthy();
      const rows = await ctx2.database.db.select().from(logs).where(eq(logs.name, 'password.change'));
      expect(rows).toHaveLength(1);
    } finally {
      await ctx2.close();
    }
  });
});

describe('password change access', () => {
  it('lets the read-only group manager change their own password', async () => {
    const ctx4 = await createTestApp();
    try {
      const token = await login(ctx4.app, 'manager');
      const pub = await publicKeyOf(ctx4.app);
      const res = await ctx4.app.inject({
        method: 'PUT',
        url: '/api/sys/user/pwd',
        headers: bearer(token),
        payload: { oldPwd: await sealSecret(pub, DEMO_PASSWORD), newPwd: await sealSecret(pub, 'manager-new-1') },
      });
      expect(res.json()).toEqual({ code: 200, msg: '操作成功', data: null });
      await expect(login(ctx4.app, 'manager', DEMO_PASSWORD)).rejects.toThrow();
      expect(await login(ctx4.app, 'manager', 'manager-new-1')).toBeTruthy();
      // Still a signed-in call.
      const anonymous = await ctx4.app.inject({ method: 'PUT', url: '/api/sys/user/pwd', payload: {} });
      expect(anonymous.statusCode).toBe(401);
    } finally {
      await ctx4.close();
    }
  });
});

describe('rate limit', () => {
  it('limits login attempts per IP', async () => {
    const ctx3 = await createTestApp({ LOGIN_RATE_PER_MINUTE: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await ctx3.app.inject({
          method: 'POST',
          url: '/api/sys/user/login',
          payload: { username: 'x' },
          headers: { lang: 'en_US' },
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json().msg).toMatch(/Too many requests/);
      }
      expect(codes.slice(0, 3)).toEqual([400, 400, 400]);
      expect(codes.slice(3)).toEqual([429, 429]);
    } finally {
      await ctx3.close();
    }
  });
});

describe('client address', () => {
  const forged = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i}`, lang: 'en_US' });

  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy: forged addresses get no new quota', async () => {
    const plain = await createTestApp({ LOGIN_RATE_PER_MINUTE: '30', TELEMETRY: 'off' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 35; i++) {
        const res = await plain.app.inject({
          method: 'POST',
          url: '/api/sys/user/login',
          // A new account name each time: only the per-address limit can refuse.
          payload: await loginBody(plain.app, `guess-${i}`, `wrong-pass-${i}`),
          headers: forged(i + 1),
          remoteAddress: '192.0.2.10',
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 30).every((c) => c === 400)).toBe(true);
      expect(codes.slice(30)).toEqual([429, 429, 429, 429, 429]);
      const rows = await plain.database.db.select().from(logs).where(eq(logs.name, 'login.failure'));
      expect(new Set(rows.map((r) => r.ip))).toEqual(new Set(['192.0.2.10']));
    } finally {
      await plain.close();
    }
  });

  it('takes the client address from X-Forwarded-For of a configured proxy only', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '192.0.2.1, 10.0.0.0/8', TELEMETRY: 'off' });
    try {
      const send = async (remoteAddress: string, i: number) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/sys/user/login',
          payload: await loginBody(proxied.app, 'operator', `wrong-pass-${i}`),
          headers: forged(i),
          remoteAddress,
        });
      await send('192.0.2.1', 1);
      await send('10.20.30.40', 2);
      await send('192.0.2.99', 3);
      const rows = await proxied.database.db.select().from(logs).where(eq(logs.name, 'login.failure'));
      expect(rows.map((r) => r.ip).sort()).toEqual(['192.0.2.99', '198.51.100.1', '198.51.100.2']);
    } finally {
      await proxied.close();
    }
  });
});

describe('password hashes', () => {
  it('gives every seeded account its own salt', async () => {
    const rows = await ctx.database.db.select({ hash: users.passwordHash }).from(users);
    expect(new Set(rows.map((r) => r.hash.split('$')[4])).size).toBe(rows.length);
  });

  it('re-salts a hash shared with another account (seeded by an earlier version) at its next sign-in', async () => {
    const [op] = await ctx.database.db.select().from(users).where(eq(users.username, 'manager'));
    await ctx.database.db
      .update(users)
      .set({ passwordHash: op?.passwordHash ?? '' })
      .where(eq(users.username, 'screen'));
    await login(ctx.app, 'screen');
    const after = await ctx.database.db
      .select()
      .from(users)
      .where(inArray(users.username, ['manager', 'screen']));
    expect(after[0]?.passwordHash).not.toBe(after[1]?.passwordHash);
    expect(await login(ctx.app, 'screen')).toBeTruthy();
    expect(await login(ctx.app, 'manager')).toBeTruthy();
  });

  it("replaces an earlier version's scrypt hash by Argon2id at the next good sign-in, not after a bad one", async () => {
    // The manager's password hashed as earlier versions did: scrypt (here at N=2^11).
    const salt = randomBytes(16);
    const key = scryptSync(DEMO_PASSWORD, salt, 32, { N: 2048, r: 8, p: 1 });
    const older = `scrypt$2048$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
    await ctx.database.db.update(users).set({ passwordHash: older }).where(eq(users.username, 'manager'));
    const stored = async () =>
      (await ctx.database.db.select().from(users).where(eq(users.username, 'manager')))[0]?.passwordHash;

    await expect(login(ctx.app, 'manager', 'not-the-password')).rejects.toThrow();
    expect(await stored()).toBe(older);
    await login(ctx.app, 'manager');
    const upgraded = await stored();
    expect(upgraded).not.toBe(older);
    const { memoryKib, passes } = TEST_ARGON2;
    expect(upgraded?.startsWith(`$argon2id$v=19$m=${memoryKib},p=1,t=${passes}$`)).toBe(true);
    expect(await login(ctx.app, 'manager')).toBeTruthy();
    expect(await stored()).toBe(upgraded);
  });
});
