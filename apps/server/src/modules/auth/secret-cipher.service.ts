import {
  constants,
  createDecipheriv,
  createPrivateKey,
  generateKeyPairSync,
  type KeyObject,
  privateDecrypt,
} from 'node:crypto';
import { ResultCode } from '@ess/contract';
import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { seenKeys } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { sha256 } from '../../lib/hash';
import { loadKeyPair, saveKeyPair } from './key-pair.repository';

const REPLAY_WINDOW_MS = 10 * 60 * 1000;

export type Sealed = { cipher: string; aesKey: string; iv: string };

const badCipher = () => new AppError(400, ResultCode.BAD_CIPHER, 'badCipher');

/**
 * Opens secrets sealed by the client (contract secret-cipher.ts): RSA-OAEP-SHA256 unwraps the
 * AES-256-GCM key and nonce, then GCM decrypts and authenticates the secret.
 */
export class SecretCipher {
  private constructor(
    readonly publicKeyPem: string,
    private readonly privateKey: KeyObject,
    private readonly db: Db,
  ) {}

  /** Loads the persisted RSA-2048 pair, generating and storing it on first start. */
  static async open(db: Db): Promise<SecretCipher> {
    let pair = await loadKeyPair(db);
    if (!pair) {
      const generated = generateKeyPairSync('rsa', {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      });
      pair = await saveKeyPair(db, generated);
    }
    return new SecretCipher(pair.publicKey, createPrivateKey(pair.privateKey), db);
  }

  private unwrap(b64: string): Buffer {
    try {
      return privateDecrypt(
        { key: this.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(b64, 'base64'),
      );
    } catch {
      throw badCipher();
    }
  }

  /** Decrypts one sealed secret; a key seen in the last 10 minutes is refused as a replay. */
  async open(sealed: Sealed): Promise<string> {
    const key = this.unwrap(sealed.aesKey);
    const nonce = this.unwrap(sealed.iv);
    if (key.length !== 32 || nonce.length !== 12) throw badCipher();
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

  private async rememberKey(key: Buffer): Promise<void> {
    const cutoff = new Date(Date.now() - REPLAY_WINDOW_MS);
    await this.db.delete(seenKeys).where(lt(seenKeys.at, cutoff));
    const inserted = await this.db
      .insert(seenKeys)
      .values({ keyHash: sha256(key) })
      .onConflictDoNothing()
      .returning({ keyHash: seenKeys.keyHash });
    if (inserted.length === 0) throw new AppError(400, ResultCode.KEY_REPLAYED, 'keyReplayed');
  }
}
