import { constants, createDecipheriv, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseRsaPublicKey, sealSecretPortable } from './portable-seal';

const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

/** Opens a sealed secret the way the server does (secret-cipher.service.ts). */
function open(sealed: { cipher: string; aesKey: string; iv: string }): string {
  const unwrap = (b64: string) =>
    privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(b64, 'base64'),
    );
  const data = Buffer.from(sealed.cipher, 'base64');
  const d = createDecipheriv('aes-256-gcm', unwrap(sealed.aesKey), unwrap(sealed.iv));
  d.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([d.update(data.subarray(0, data.length - 16)), d.final()]).toString('utf8');
}

describe('login cipher without WebCrypto (plain-HTTP pages)', () => {
  it('reads the modulus and exponent of an SPKI key', () => {
    const key = parseRsaPublicKey(publicKey);
    expect(key.e).toBe(65537n);
    expect(key.bytes).toBe(256);
  });

  it('seals secrets the server opens: ASCII, CJK, emoji, the longest password', () => {
    const key = parseRsaPublicKey(publicKey);
    for (const secret of ['demo-pass-1', '密码很长的口令', 'pässwörd😀', 'x'.repeat(18), '']) {
      expect(open(sealSecretPortable(key, secret))).toBe(secret);
    }
  });

  it('draws a new key and nonce for every seal', () => {
    const key = parseRsaPublicKey(publicKey);
    const a = sealSecretPortable(key, 'same');
    const b = sealSecretPortable(key, 'same');
    expect(a.aesKey).not.toBe(b.aesKey);
    expect(a.cipher).not.toBe(b.cipher);
  });

  it('refuses what is not an RSA SPKI key', () => {
    const ec = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    expect(() => parseRsaPublicKey(ec.publicKey)).toThrow();
    expect(() => parseRsaPublicKey('-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----')).toThrow();
  });
});
