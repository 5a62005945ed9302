import { availableParallelism } from 'node:os';
import { describe, expect, it, vi } from 'vitest';

// Server tests hash with a cheaper N (test/password-cost.ts); this file checks production's.
const { configurePasswordHash, DEFAULT_SCRYPT_N, hashPassword, needsRehash, passwordGateLimits, verifyPassword } =
  await vi.importActual<typeof import('./password')>('./password');

describe('password hashes', () => {
  it('are scrypt with N=2^15, r=8, p=1, a salt of their own, and verify only the right password', async () => {
    const [a, b] = await Promise.all([hashPassword('correct horse 1'), hashPassword('correct horse 1')]);
    for (const hash of [a, b]) {
      const [alg, n, r, p, salt, key] = hash.split('$');
      expect({ alg, n, r, p }).toEqual({ alg: 'scrypt', n: '32768', r: '8', p: '1' });
      expect(Buffer.from(salt ?? '', 'base64')).toHaveLength(16);
      expect(Buffer.from(key ?? '', 'base64')).toHaveLength(32);
    }
    expect(a.split('$')[4]).not.toBe(b.split('$')[4]);
    expect(await verifyPassword('correct horse 1', a)).toBe(true);
    expect(await verifyPassword('correct horse 2', a)).toBe(false);
    expect(await verifyPassword('correct horse 1', 'md5$abc')).toBe(false);
  });

  it('are made at the configured N; a hash of other parameters needs replacing', async () => {
    const current = await hashPassword('correct horse 1');
    expect(needsRehash(current)).toBe(false);
    configurePasswordHash(65536);
    try {
      expect(needsRehash(current)).toBe(true);
      const raised = await hashPassword('correct horse 1');
      expect(raised.split('$').slice(0, 4)).toEqual(['scrypt', '65536', '8', '1']);
      expect(needsRehash(raised)).toBe(false);
      // The older hash still verifies: its own parameters are read from it.
      expect(await verifyPassword('correct horse 1', current)).toBe(true);
    } finally {
      configurePasswordHash(DEFAULT_SCRYPT_N);
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
  });

  it('leaves one CPU free of hashing by default', () => {
    expect(passwordGateLimits({}).concurrency).toBe(Math.max(1, availableParallelism() - 1));
    expect(passwordGateLimits({ PASSWORD_HASH_CONCURRENCY: 3 }).concurrency).toBe(3);
  });
});
