import { constants, createDecipheriv, createPrivateKey, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { importPublicKey, sealSecret } from './secret-cipher';

describe('secret cipher', () => {
  it('seals so that RSA-OAEP-SHA256 + AES-256-GCM opens it, with a fresh key each time', async () => {
    const pair = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const pub = await importPublicKey(pair.publicKey);
    const a = await sealSecret(pub, '密码-secret');
    const b = await sealSecret(pub, '密码-secret');
    expect(a.aesKey).not.toBe(b.aesKey);
    expect(a.cipher).not.toBe(b.cipher);
    const priv = createPrivateKey(pair.privateKey);
    const unwrap = (s: string) =>
      privateDecrypt(
        { key: priv, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(s, 'base64'),
      );
    const key = unwrap(a.aesKey);
    const iv = unwrap(a.iv);
    expect(key).toHaveLength(32);
    expect(iv).toHaveLength(12);
    const data = Buffer.from(a.cipher, 'base64');
    const d = createDecipheriv('aes-256-gcm', key, iv);
    d.setAuthTag(data.subarray(data.length - 16));
    expect(Buffer.concat([d.update(data.subarray(0, data.length - 16)), d.final()]).toString('utf8')).toBe(
      '密码-secret',
    );
  });
});
