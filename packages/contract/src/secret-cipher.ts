/**
 * The login/password transport cipher, shared by the web client, tests and tools.
 * A random AES-256-GCM key K and 12-byte nonce N encrypt the secret; K and N travel
 * wrapped with the server's RSA-OAEP-SHA256 public key (SPKI PEM). Uses WebCrypto,
 * which both browsers and Node 20 provide as `globalThis.crypto`.
 */
export type SealedSecret = { cipher: string; aesKey: string; iv: string };

const b64 = (buf: ArrayBuffer | Uint8Array): string => {
  const bytes = buf instanceof Uint8Array ? buf : new Uint8Array(buf);
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
};

function pemToDer(pem: string): ArrayBuffer {
  const body = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  const bin = atob(body);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out.buffer;
}

export async function importPublicKey(pem: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('spki', pemToDer(pem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
}

/** Seals one secret with a fresh key and nonce. */
export async function sealSecret(publicKey: CryptoKey, secret: string): Promise<SealedSecret> {
  const key = crypto.getRandomValues(new Uint8Array(32));
  const nonce = crypto.getRandomValues(new Uint8Array(12));
  const aes = await crypto.subtle.importKey('raw', key, { name: 'AES-GCM' }, false, ['encrypt']);
  // WebCrypto appends the 16-byte tag to the ciphertext, which is the wire format.
  const cipher = await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce }, aes, new TextEncoder().encode(secret));
  const wrap = (b: Uint8Array<ArrayBuffer>) => crypto.subtle.encrypt({ name: 'RSA-OAEP' }, publicKey, b);
  return { cipher: b64(cipher), aesKey: b64(await wrap(key)), iv: b64(await wrap(nonce)) };
}

/** Seals several secrets under one key and nonce pair per secret (password change). */
export async function sealSecrets(publicKey: CryptoKey, secrets: string[]): Promise<SealedSecret[]> {
  return Promise.all(secrets.map((s) => sealSecret(publicKey, s)));
}
