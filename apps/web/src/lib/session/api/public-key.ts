import { importPublicKey, ResultCode, type SealedSecret, sealSecret, sessionApi } from '@ess/contract';
import { ApiError } from '../../api/api-error';
import { call } from '../../api/client';

/** Fetch the next key this long before the server stops handing this one out. */
const REFRESH_MARGIN_MS = 30_000;

type Sealer = (secret: string) => Promise<SealedSecret>;

/**
 * WebCrypto where the page has it; over plain HTTP outside localhost browsers withhold
 * `crypto.subtle`, and the same cipher is computed in script (loaded only then).
 */
async function sealerFor(pem: string): Promise<Sealer> {
  if (globalThis.crypto?.subtle) {
    const key = await importPublicKey(pem);
    return (secret) => sealSecret(key, secret);
  }
  const { parseRsaPublicKey, sealSecretPortable } = await import('../portable-seal');
  const key = parseRsaPublicKey(pem);
  return async (secret) => sealSecretPortable(key, secret);
}

// The server's login key pair rotates; a key is kept until it is about to be replaced.
let cached: { sealer: Sealer; until: number } | null = null;
let pending: Promise<Sealer> | null = null;

function currentSealer(): Promise<Sealer> {
  if (cached && Date.now() < cached.until) return Promise.resolve(cached.sealer);
  pending ??= call(sessionApi.publicKey, undefined, { noSessionHandling: true })
    .then(async (r) => {
      const sealer = await sealerFor(r.publicKey);
      cached = { sealer, until: Date.now() + r.expiresInMs - REFRESH_MARGIN_MS };
      return sealer;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** Seals a secret for the server: AES-256-GCM under a fresh key wrapped with RSA-OAEP (contract secret-cipher). */
export async function seal(secret: string): Promise<SealedSecret> {
  return (await currentSealer())(secret);
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
