import { importPublicKey, publicKeyResult, ResultCode, type SealedSecret, sealSecret } from '@ess/contract';
import { ApiError } from '../../api/api-error';
import { request } from '../../api/client';

/** Fetch the next key this long before the server stops handing this one out. */
const REFRESH_MARGIN_MS = 30_000;

// The server's login key pair rotates; a key is kept until it is about to be replaced.
let cached: { key: CryptoKey; until: number } | null = null;
let pending: Promise<CryptoKey> | null = null;

function publicKey(): Promise<CryptoKey> {
  if (cached && Date.now() < cached.until) return Promise.resolve(cached.key);
  pending ??= request('/sys/user/publicKey', { schema: publicKeyResult, noSessionHandling: true })
    .then(async (r) => {
      const key = await importPublicKey(r.publicKey);
      cached = { key, until: Date.now() + r.expiresInMs - REFRESH_MARGIN_MS };
      return key;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** Seals a secret for the server: AES-256-GCM under a fresh key wrapped with RSA-OAEP (contract secret-cipher). */
export async function seal(secret: string): Promise<SealedSecret> {
  return sealSecret(await publicKey(), secret);
}

/**
 * Runs a call carrying sealed secrets; when the server could not open them (the key retired
 * while the page stayed open, or this clock is off), the next call fetches a fresh key.
 */
export async function withSealed<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    if (e instanceof ApiError && e.code === ResultCode.BAD_CIPHER) cached = null;
    throw e;
  }
}
