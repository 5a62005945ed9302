import { randomBytes, scrypt } from 'node:crypto';
import { vi } from 'vitest';

/**
 * scrypt's N for passwords hashed in server tests. Production's N=2^15 costs 80–400 ms per
 * hash on this machine, and the suite signs in hundreds of times; at 2^10 a hash costs a few
 * milliseconds. Only new hashes use it: verifyPassword reads N from the stored hash, so the
 * production verify path runs unchanged. lib/password.test.ts covers production's parameters.
 */
export const TEST_SCRYPT_N = 1024;

// A setup file of the server project: the mock applies to every module of every test file.
vi.mock(import('../lib/password'), async (importOriginal) => {
  const real = await importOriginal();
  const hashPassword = (password: string): Promise<string> =>
    new Promise((resolve, reject) => {
      const salt = randomBytes(16);
      scrypt(password, salt, 32, { N: TEST_SCRYPT_N, r: 8, p: 1 }, (err, key) =>
        err ? reject(err) : resolve(`scrypt$${TEST_SCRYPT_N}$8$1$${salt.toString('base64')}$${key.toString('base64')}`),
      );
    });
  // The test hashes are the current ones: a sign-in does not replace them.
  const needsRehash = (stored: string): boolean => !stored.startsWith(`scrypt$${TEST_SCRYPT_N}$8$1$`);
  return { ...real, hashPassword, needsRehash };
});
