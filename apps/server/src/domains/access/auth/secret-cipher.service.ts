import { constants, createDecipheriv, type KeyObject, privateDecrypt } from 'node:crypto';
import { ResultCode } from '@ess/contract';
import { lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { seenKeys } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { sha256 } from '../../../lib/hash';
import { type Clock, type LoginKeyRing, SEALED_BODY_LIFETIME_MS } from './login-keys';

export type Sealed = { cipher: string; aesKey: string; iv: string };

/** Instances' clocks may differ a little; used keys are kept this much longer. */
const CLOCK_SKEW_MS = 60_000;

const badCipher = () => new AppError(400, ResultCode.BAD_CIPHER, 'badCipher');

function unwrap(key: KeyObject, wrapped: Buffer): Buffer | null {
  try {
    return privateDecrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, wrapped);
  } catch {
    return null;
  }
}

/**
 * Opens secrets sealed by the client (contract secret-cipher.ts): RSA-OAEP-SHA256 unwraps the
 * AES-256-GCM key and nonce, then GCM decrypts and authenticates the secret. The RSA pair
 * rotates (LoginKeyRing), so a captured body stops opening once its key retires; until then
 * its AES key is remembered and a second use is refused.
 */
export class SecretCipher {
  constructor(
    private readonly db: Db,
    private readonly ring: LoginKeyRing,
    private readonly now: Clock = Date.now,
  ) {}

  publicKey(): Promise<{ publicKey: string; expiresInMs: number }> {
    return this.ring.current();
  }

  /** Decrypts one sealed secret; a key already used within the body lifetime is a replay. */
  async open(sealed: Sealed): Promise<string> {
    const wrappedKey = Buffer.from(sealed.aesKey, 'base64');
    const wrappedNonce = Buffer.from(sealed.iv, 'base64');
    let key: Buffer | null = null;
    let nonce: Buffer | null = null;
    // OAEP fails on a key that did not seal it, so at most the two live pairs are tried.
    for (const k of await this.ring.usable()) {
      key = unwrap(k.privateKey, wrappedKey);
      if (key) {
        nonce = unwrap(k.privateKey, wrappedNonce);
        break;
      }
    }
    if (!key || !nonce || key.length !== 32 || nonce.length !== 12) throw badCipher();
    const data = Buffer.from(sealed.cipher, 'base64');
    if (data.length < 17) throw badCipher();
    let plain: string;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, nonce);
      decipher.setAuthTag(data.subarray(data.length - 16));
      plain = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
    } catch {
      throw badCipher();
    }
    await this.rememberKey(key);
    return plain;
  }

  /** Forgets used keys older than any key pair that could still open them. */
  async purge(): Promise<void> {
    await this.db
      .delete(seenKeys)
      .where(lt(seenKeys.at, new Date(this.now() - SEALED_BODY_LIFETIME_MS - CLOCK_SKEW_MS)));
    await this.ring.purge();
  }

  private async rememberKey(key: Buffer): Promise<void> {
    const inserted = await this.db
      .insert(seenKeys)
      .values({ keyHash: sha256(key), at: new Date(this.now()) })
      .onConflictDoNothing()
      .returning({ keyHash: seenKeys.keyHash });
    if (inserted.length === 0) throw new AppError(400, ResultCode.KEY_REPLAYED, 'keyReplayed');
  }
}
