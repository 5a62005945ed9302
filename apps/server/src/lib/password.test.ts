import { describe, expect, it, vi } from 'vitest';

// Server tests hash with a cheaper N (test/password-cost.ts); this file checks production's.
const { hashPassword, verifyPassword } = await vi.importActual<typeof import('./password')>('./password');

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
});
