import { generateKeyPairSync } from 'node:crypto';
import { ResultCode } from '@ess/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The cache is under test, not the cipher (which the contract tests; jsdom's buffers are not
// WebCrypto's in Node).
vi.mock('@ess/contract', async (original) => ({
  ...(await original<typeof import('@ess/contract')>()),
  importPublicKey: async (pem: string) => ({ pem }) as unknown as CryptoKey,
  sealSecret: async (_key: CryptoKey, secret: string) => ({ cipher: secret, aesKey: 'k', iv: 'n' }),
}));
const pem = '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----';

/** A real RSA key for the script path (the mocked contract never sees it). */
const realPem = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
}).publicKey;

/** The module afresh (its key cache is module state), with the key call answered by a spy. */
async function load(expiresInMs: number, publicKey = pem) {
  vi.resetModules();
  const fetchSpy = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () => Response.json({ code: 200, msg: 'ok', data: { publicKey, expiresInMs } }));
  const { ApiError } = await import('../../api/api-error');
  return { ...(await import('./public-key')), ApiError, fetchSpy };
}

describe('login public key', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('seals in script where the page has no crypto.subtle (plain HTTP outside localhost)', async () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: real.getRandomValues.bind(real) });
    const { seal } = await load(10 * 60_000, realPem);
    const sealed = await seal('demo-pass-1');
    // The mocked WebCrypto sealer would have returned the secret itself.
    expect(sealed.cipher).not.toBe('demo-pass-1');
    expect(atob(sealed.aesKey)).toHaveLength(256);
  });

  it('fetches the key once while it is current, and again when it is about to rotate', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { seal, fetchSpy } = await load(10 * 60_000);
    await Promise.all([seal('a-secret-1'), seal('a-secret-2')]);
    await seal('a-secret-3');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 9 * 60_000 + 31_000);
    await seal('a-secret-4');
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('drops the key when the server could not open what it sealed', async () => {
    const { seal, withSealed, ApiError, fetchSpy } = await load(10 * 60_000);
    const refused = new ApiError(ResultCode.BAD_CIPHER, 'no', 400, 'business');
    await expect(withSealed(async () => seal('x-secret').then(() => Promise.reject(refused)))).rejects.toBe(refused);
    await seal('y-secret');
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    // Any other failure keeps it.
    await expect(withSealed(() => Promise.reject(new Error('network')))).rejects.toThrow('network');
    await seal('z-secret');
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });
});
