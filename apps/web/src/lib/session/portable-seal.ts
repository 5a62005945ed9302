import type { SealedSecret } from '@ess/contract';
import { gcm } from '@noble/ciphers/aes.js';
import { sha256 } from '@noble/hashes/sha2.js';

/**
 * The login cipher (contract secret-cipher.ts) without WebCrypto: browsers give
 * `crypto.subtle` to secure contexts only (https or localhost), and the platform is often
 * reached over plain HTTP on a station's LAN. Same wire format: AES-256-GCM (tag appended)
 * under a random key and nonce, each wrapped with RSA-OAEP-SHA256 (RFC 8017 §7.1.1, empty
 * label, MGF1-SHA256). `crypto.getRandomValues` is available in every context.
 */

type RsaPublicKey = { n: bigint; e: bigint; bytes: number };

/** One DER element at `at`: its tag, and where its contents start and end. */
function der(buf: Uint8Array, at: number): { tag: number; start: number; end: number } {
  const tag = buf[at] ?? -1;
  let len = buf[at + 1] ?? 0;
  let start = at + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + (buf[start + i] ?? 0);
    start += n;
  }
  if (start + len > buf.length) throw new Error('truncated public key');
  return { tag, start, end: start + len };
}

const toBigInt = (bytes: Uint8Array): bigint => bytes.reduce((acc, b) => (acc << 8n) | BigInt(b), 0n);

/** n and e of an SPKI PEM RSA key: SEQ { SEQ { OID, NULL }, BIT STRING { 0, SEQ { n, e } } }. */
export function parseRsaPublicKey(pem: string): RsaPublicKey {
  const body = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  const buf = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
  const spki = der(buf, 0);
  const algorithm = der(buf, spki.start);
  const bits = der(buf, algorithm.end);
  if (spki.tag !== 0x30 || algorithm.tag !== 0x30 || bits.tag !== 0x03) throw new Error('not an SPKI key');
  const rsa = der(buf, bits.start + 1);
  const n = der(buf, rsa.start);
  const e = der(buf, n.end);
  if (rsa.tag !== 0x30 || n.tag !== 0x02 || e.tag !== 0x02) throw new Error('not an RSA key');
  const modulus = toBigInt(buf.subarray(n.start, n.end));
  return { n: modulus, e: toBigInt(buf.subarray(e.start, e.end)), bytes: Math.ceil(modulus.toString(16).length / 2) };
}

function modPow(base: bigint, exp: bigint, mod: bigint): bigint {
  let result = 1n;
  let b = base % mod;
  for (let x = exp; x > 0n; x >>= 1n) {
    if (x & 1n) result = (result * b) % mod;
    b = (b * b) % mod;
  }
  return result;
}

function mgf1(seed: Uint8Array, length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let counter = 0, at = 0; at < length; counter++, at += 32) {
    const c = new Uint8Array([counter >>> 24, (counter >>> 16) & 255, (counter >>> 8) & 255, counter & 255]);
    const block = sha256(new Uint8Array([...seed, ...c]));
    out.set(block.subarray(0, Math.min(32, length - at)), at);
  }
  return out;
}

const xor = (a: Uint8Array, b: Uint8Array): Uint8Array => a.map((v, i) => v ^ (b[i] ?? 0));

/** RSAES-OAEP-ENCRYPT with SHA-256 and an empty label. */
export function rsaOaepEncrypt(key: RsaPublicKey, message: Uint8Array): Uint8Array {
  const k = key.bytes;
  const hLen = 32;
  if (message.length > k - 2 * hLen - 2) throw new Error('message too long');
  const db = new Uint8Array(k - hLen - 1);
  db.set(sha256(new Uint8Array(0)), 0);
  db[db.length - message.length - 1] = 1;
  db.set(message, db.length - message.length);
  const seed = crypto.getRandomValues(new Uint8Array(hLen));
  const maskedDb = xor(db, mgf1(seed, db.length));
  const maskedSeed = xor(seed, mgf1(maskedDb, hLen));
  const em = toBigInt(new Uint8Array([0, ...maskedSeed, ...maskedDb]));
  const c = modPow(em, key.e, key.n)
    .toString(16)
    .padStart(k * 2, '0');
  return Uint8Array.from({ length: k }, (_, i) => Number.parseInt(c.slice(i * 2, i * 2 + 2), 16));
}

const b64 = (bytes: Uint8Array): string => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));

/** Seals one secret exactly as `sealSecret` does, for contexts without `crypto.subtle`. */
export function sealSecretPortable(key: RsaPublicKey, secret: string): SealedSecret {
  const aesKey = crypto.getRandomValues(new Uint8Array(32));
  const nonce = crypto.getRandomValues(new Uint8Array(12));
  const cipher = gcm(aesKey, nonce).encrypt(new TextEncoder().encode(secret));
  return { cipher: b64(cipher), aesKey: b64(rsaOaepEncrypt(key, aesKey)), iv: b64(rsaOaepEncrypt(key, nonce)) };
}
