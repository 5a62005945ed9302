import { createPrivateKey, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importPublicKey, ResultCode, sealSecret } from '@ess/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginKeys, seenKeys } from '../../../db/schema';
import { createTestApp, type TestContext } from '../../../test/harness';
import { LOGIN_KEY_SECRET_FILE, LoginKeyVault } from './login-key-vault';
import {
  LOGIN_KEY_GRACE_MS,
  LOGIN_KEY_ROTATE_MS,
  LoginKeyConfigError,
  LoginKeyRing,
  SEALED_BODY_LIFETIME_MS,
} from './login-keys';
import { type Sealed, SecretCipher } from './secret-cipher.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
});
afterAll(() => ctx?.close());

/** A cipher on the test database with its own clock (an instance of the platform). */
function instance(clock: { t: number }, secret = ctx.env.LOGIN_KEY_SECRET ?? '') {
  const ring = new LoginKeyRing(ctx.database.db, new LoginKeyVault(secret), () => clock.t);
  return { ring, cipher: new SecretCipher(ctx.database.db, ring, () => clock.t) };
}

async function sealWith(cipher: SecretCipher, secret: string): Promise<Sealed> {
  const { publicKey } = await cipher.publicKey();
  const s = await sealSecret(await importPublicKey(publicKey), secret);
  return { cipher: s.cipher, aesKey: s.aesKey, iv: s.iv };
}

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: unknown) => (e as { code?: number }).code,
  );

// Slot boundaries far from the real clock and from each other, one per test.
let nextSlot = 1_000_000;
const slotStart = () => {
  nextSlot += 100;
  return nextSlot * LOGIN_KEY_ROTATE_MS;
};

describe('login key rotation', () => {
  it('refuses a captured body as a replay until its key retires, then for good, while new bodies work', async () => {
    const clock = { t: slotStart() + 1000 };
    const { cipher } = instance(clock);
    const captured = await sealWith(cipher, 'pass-word-1');
    expect(await cipher.open(captured)).toBe('pass-word-1');
    expect(await codeOf(cipher.open(captured))).toBe(ResultCode.KEY_REPLAYED);

    // 625 s later (the attack of the report): still refused.
    clock.t += 625_000;
    expect(await codeOf(cipher.open(captured))).toBe(ResultCode.KEY_REPLAYED);

    // Past the lifetime, after the clean-up forgot the used key and the retired pair: refused.
    clock.t += SEALED_BODY_LIFETIME_MS;
    await cipher.purge();
    expect(await codeOf(cipher.open(captured))).toBe(ResultCode.BAD_CIPHER);
    expect(await cipher.open(await sealWith(cipher, 'pass-word-2'))).toBe('pass-word-2');
  });

  it('opens a body sealed just before the turn during the grace, and never 14 minutes after its slot began', async () => {
    const start = slotStart();
    const clock = { t: start };
    const { cipher } = instance(clock);
    const early = await sealWith(cipher, 'early');
    clock.t = start + LOGIN_KEY_ROTATE_MS - 1;
    const late = await sealWith(cipher, 'late');
    const next = await cipher.publicKey();
    clock.t = start + LOGIN_KEY_ROTATE_MS + LOGIN_KEY_GRACE_MS - 1;
    expect(await cipher.open(late)).toBe('late');
    expect((await cipher.publicKey()).publicKey).not.toBe(next.publicKey);
    clock.t = start + SEALED_BODY_LIFETIME_MS;
    expect(SEALED_BODY_LIFETIME_MS).toBeLessThanOrEqual(15 * 60_000);
    expect(await codeOf(cipher.open(early))).toBe(ResultCode.BAD_CIPHER);
  });

  it('hands out one key per slot to every instance, and any instance opens what another sealed', async () => {
    const clock = { t: slotStart() + 5 };
    const a = instance(clock);
    const b = instance(clock);
    // Both need the new slot's pair at the same moment: one pair wins and both use it.
    const [ka, kb] = await Promise.all([a.cipher.publicKey(), b.cipher.publicKey()]);
    expect(ka.publicKey).toBe(kb.publicKey);
    expect(ka.expiresInMs).toBe(LOGIN_KEY_ROTATE_MS - 5);
    const sealed = await sealWith(a.cipher, 'shared');
    expect(await b.cipher.open(sealed)).toBe('shared');
    // The used key is shared too: a replay at the other instance is refused.
    expect(await codeOf(a.cipher.open(sealed))).toBe(ResultCode.KEY_REPLAYED);
  });

  it('stores private keys encrypted: the database alone does not give them, and another secret cannot use them', async () => {
    const clock = { t: slotStart() };
    const { cipher } = instance(clock);
    await cipher.publicKey();
    const rows = await ctx.database.db.select().from(loginKeys);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.privateKeyEnc).not.toMatch(/PRIVATE KEY/);
      expect(() => createPrivateKey(row.privateKeyEnc)).toThrow();
    }
    const stranger = instance(clock, randomBytes(32).toString('hex'));
    await expect(stranger.ring.current()).rejects.toThrow(LoginKeyConfigError);
  });

  it('deletes retired pairs and used keys older than any pair that could open them', async () => {
    const clock = { t: slotStart() };
    const { cipher } = instance(clock);
    await cipher.open(await sealWith(cipher, 'x'));
    clock.t += SEALED_BODY_LIFETIME_MS + 2 * 60_000;
    await cipher.purge();
    const slots = (await ctx.database.db.select().from(loginKeys)).map((r) => r.slot);
    expect(Math.min(...slots) * LOGIN_KEY_ROTATE_MS + LOGIN_KEY_ROTATE_MS + LOGIN_KEY_GRACE_MS).toBeGreaterThan(
      clock.t,
    );
    const seen = await ctx.database.db.select().from(seenKeys);
    expect(seen.every((r) => r.at.getTime() > clock.t - SEALED_BODY_LIFETIME_MS - 2 * 60_000)).toBe(true);
  });

  it('publishes the current key and how long it stays current', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/sys/user/publicKey' });
    const { publicKey, expiresInMs } = res.json().data;
    expect(publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(expiresInMs).toBeGreaterThan(0);
    expect(expiresInMs).toBeLessThanOrEqual(LOGIN_KEY_ROTATE_MS);
  });
});

describe('login key secret', () => {
  it('is created once in the data directory, readable by the owner only, and shared by later starts', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ess-secret-'));
    try {
      const first = LoginKeyVault.fromConfig({ DATA_DIR: dir });
      const file = path.join(dir, LOGIN_KEY_SECRET_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const sealed = first.seal('private', 'ctx');
      expect(LoginKeyVault.fromConfig({ DATA_DIR: dir }).open(sealed, 'ctx')).toBe('private');
      expect(LoginKeyVault.fromConfig({ DATA_DIR: dir }).open(sealed, 'other')).toBeNull();
      // LOGIN_KEY_SECRET wins over the file.
      const configured = LoginKeyVault.fromConfig({ DATA_DIR: dir, LOGIN_KEY_SECRET: 'x'.repeat(32) });
      expect(configured.open(sealed, 'ctx')).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
