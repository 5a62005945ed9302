import { vi } from 'vitest';

/**
 * Argon2id's cost for passwords hashed in server tests: production's (19 MiB, 2 passes) costs
 * ~25 ms per hash on this machine, and the suite signs in hundreds of times; at 1 MiB and one
 * pass a hash costs about a millisecond. Only new hashes use it: verifyPassword reads the cost
 * from the stored hash, so the production verify path runs unchanged. lib/password.test.ts
 * covers production's parameters.
 */
export const TEST_ARGON2 = { memoryKib: 1024, passes: 1 };

// A setup file of the server project: the mock applies to every module of every test file.
vi.mock(import('../lib/password'), async (importOriginal) => {
  const real = await importOriginal();
  real.configurePasswordHash(TEST_ARGON2);
  // An app's start sets the cost from its environment (production's): the tests' stays.
  return { ...real, configurePasswordHash: () => {} };
});
