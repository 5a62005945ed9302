import { randomBytes, scryptSync } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_ARGON2 } from '../test/password-cost';

// Server tests hash at a cheaper cost (test/password-cost.ts); this file checks production's.
const { configurePasswordHash, DEFAULT_ARGON2, hashPassword, needsRehash, passwordGateLimits, verifyPassword } =
  await vi.importActual<typeof import('./password')>('./password');

/** An scrypt hash as earlier versions stored it (`scrypt$N$r$p$salt$key`). */
const scryptHash = (password: string, n: number): string => {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: n, r: 8, p: 1 });
  return `scrypt$${n}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
};

describe('password hashes', () => {
  beforeAll(() => configurePasswordHash(DEFAULT_ARGON2));
  // Workers keep modules between files (isolate: false): later files hash at the tests' cost again.
  afterAll(() => configurePasswordHash(TEST_ARGON2));

  it("are Argon2id at OWASP's 19 MiB and 2 passes, a salt of their own, and verify only the right password", async () => {
    const [a, b] = await Promise.all([hashPassword('correct horse 1'), hashPassword('correct horse 1')]);
    for (const hash of [a, b]) {
      const [, alg, version, params, salt, key] = hash.split('$');
      expect({ alg, version, params: params?.split(',').sort() }).toEqual({
        alg: 'argon2id',
        version: 'v=19',
        params: ['m=19456', 'p=1', 't=2'],
      });
      expect(Buffer.from(salt ?? '', 'base64')).toHaveLength(16);
      expect(Buffer.from(key ?? '', 'base64')).toHaveLength(32);
    }
    expect(a.split('$')[4]).not.toBe(b.split('$')[4]);
    expect(await verifyPassword('correct horse 1', a)).toBe(true);
    expect(await verifyPassword('correct horse 2', a)).toBe(false);
    expect(await verifyPassword('correct horse 1', 'md5$abc')).toBe(false);
  });

  it('verifies an scrypt hash of an earlier version, which needs replacing', async () => {
    const older = scryptHash('correct horse 1', 1024);
    expect(await verifyPassword('correct horse 1', older)).toBe(true);
    expect(await verifyPassword('correct horse 2', older)).toBe(false);
    expect(needsRehash(older)).toBe(true);
  });

  it('are made at the configured cost; a hash of another cost needs replacing', async () => {
    const current = await hashPassword('correct horse 1');
    expect(needsRehash(current)).toBe(false);
    configurePasswordHash({ memoryKib: 12288, passes: 3 });
    try {
      expect(needsRehash(current)).toBe(true);
      const changed = await hashPassword('correct horse 1');
      expect(changed.split('$')[3]?.split(',').sort()).toEqual(['m=12288', 'p=1', 't=3']);
      expect(needsRehash(changed)).toBe(false);
      // The older hash still verifies: its own parameters are read from it.
      expect(await verifyPassword('correct horse 1', current)).toBe(true);
    } finally {
      configurePasswordHash(DEFAULT_ARGON2);
    }
    expect(needsRehash('md5$abc')).toBe(true);
  });

  it('refuses a stored hash whose parameters are invalid or exceed what the platform makes, without running it', async () => {
    expect(await verifyPassword('x', 'scrypt$4194304$8$1$c2FsdA==$a2V5')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$32768$64$1$c2FsdA==$a2V5')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$NaN$8$1$c2FsdA==$a2V5')).toBe(false);
    // Parameters scrypt itself refuses: a failed check, not an error thrown to the caller.
    expect(await verifyPassword('x', 'scrypt$3000$8$1$c2FsdA==$a2V5')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$32768$0$1$c2FsdA==$a2V5')).toBe(false);
    // Argon2id asking for more than 1 GiB, 10 passes or 8 lanes, or less memory than its lanes need.
    const salt = 'c2FsdHNhbHRzYWx0c2FsdA';
    const key = 'a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U';
    for (const params of ['m=2097152,t=1,p=1', 'm=19456,t=11,p=1', 'm=19456,t=2,p=9', 'm=8,t=2,p=2', 'm=x,t=2,p=1']) {
      expect(await verifyPassword('x', `$argon2id$v=19$${params}$${salt}$${key}`), params).toBe(false);
    }
    expect(await verifyPassword('x', '$argon2id$v=19$m=19456,t=2,p=1$not base64!$')).toBe(false);
  });

  it('leaves one CPU free of hashing by default', () => {
    expect(passwordGateLimits({}).concurrency).toBe(Math.max(1, availableParallelism() - 1));
    expect(passwordGateLimits({ PASSWORD_HASH_CONCURRENCY: 3 }).concurrency).toBe(3);
  });
});
