import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** File in DATA_DIR holding the generated secret when LOGIN_KEY_SECRET is not set. */
export const LOGIN_KEY_SECRET_FILE = 'login-key.secret';

const isCode = (err: unknown, code: string) => err instanceof Error && 'code' in err && err.code === code;

/** Reads the secret file, creating it (mode 0600) on first start; a concurrent creator wins. */
function readOrCreateSecret(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (err) {
    if (!isCode(err, 'ENOENT')) throw err;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const value = randomBytes(32).toString('hex');
  try {
    writeFileSync(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
    return value;
  } catch (err) {
    if (isCode(err, 'EEXIST')) return readFileSync(file, 'utf8').trim();
    throw err;
  }
}

/**
 * Encrypts the login private keys at rest (AES-256-GCM), so a database backup alone cannot
 * open captured login bodies. The key comes from LOGIN_KEY_SECRET, else from a secret file
 * in the data directory (outside the database files).
 */
export class LoginKeyVault {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'ess-platform', 'login private keys v1', 32));
  }

  static fromConfig(config: { LOGIN_KEY_SECRET?: string | undefined; DATA_DIR: string }): LoginKeyVault {
    return new LoginKeyVault(
      config.LOGIN_KEY_SECRET ?? readOrCreateSecret(path.join(config.DATA_DIR, LOGIN_KEY_SECRET_FILE)),
    );
  }

  /** `v1.` + base64(nonce | tag | ciphertext); `context` is bound as associated data. */
  seal(plain: string, context: string): string {
    const nonce = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.key, nonce);
    c.setAAD(Buffer.from(context));
    const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return `v1.${Buffer.concat([nonce, c.getAuthTag(), body]).toString('base64')}`;
  }

  /** The plain text, or null when it was sealed under another secret or context. */
  open(sealed: string, context: string): string | null {
    if (!sealed.startsWith('v1.')) return null;
    const raw = Buffer.from(sealed.slice(3), 'base64');
    if (raw.length < 29) return null;
    try {
      const d = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      d.setAAD(Buffer.from(context));
      d.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
