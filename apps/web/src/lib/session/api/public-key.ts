import { importPublicKey, publicKeyResult, type SealedSecret, sealSecret } from '@ess/contract';
import { request } from '../../api/client';

// The server's key pair is persisted, so one fetch per page load is enough.
let key: Promise<CryptoKey> | null = null;

async function publicKey(): Promise<CryptoKey> {
  key ??= request('/sys/user/publicKey', { schema: publicKeyResult, noSessionHandling: true })
    .then((r) => importPublicKey(r.publicKey))
    .catch((e: unknown) => {
      key = null;
      throw e;
    });
  return key;
}

/** Seals a secret for the server: AES-256-GCM under a fresh key wrapped with RSA-OAEP (contract secret-cipher). */
export async function seal(secret: string): Promise<SealedSecret> {
  return sealSecret(await publicKey(), secret);
}
