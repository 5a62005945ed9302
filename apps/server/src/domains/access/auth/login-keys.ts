import { createPrivateKey, generateKeyPair, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import type { Db } from '../../../db/client';
import { deleteLoginKeysBefore, insertLoginKey, loginKeysFrom } from './login-key.repository';
import type { LoginKeyVault } from './login-key-vault';

/** A key pair is handed out for sealing during one slot of this length… */
export const LOGIN_KEY_ROTATE_MS = 10 * 60_000;
/** …and still opens bodies this long after its slot (a form filled in just before the turn). */
export const LOGIN_KEY_GRACE_MS = 4 * 60_000;
/** The longest a sealed body can be used: its key's slot plus the grace (14 min). */
export const SEALED_BODY_LIFETIME_MS = LOGIN_KEY_ROTATE_MS + LOGIN_KEY_GRACE_MS;

export type LoginKey = { slot: number; publicKeyPem: string; privateKey: KeyObject };
export type Clock = () => number;

const generate = promisify(generateKeyPair);
const slotAt = (t: number) => Math.floor(t / LOGIN_KEY_ROTATE_MS);
/** Bodies sealed with this slot's key are refused from this time on. */
export const slotRetiresAt = (slot: number) => (slot + 1) * LOGIN_KEY_ROTATE_MS + LOGIN_KEY_GRACE_MS;
/** The oldest slot whose key still opens bodies at `t`. */
const oldestUsableSlot = (t: number) =>
  t < slotAt(t) * LOGIN_KEY_ROTATE_MS + LOGIN_KEY_GRACE_MS ? slotAt(t) - 1 : slotAt(t);

export class LoginKeyConfigError extends Error {}

/**
 * The rotating RSA-2048 login key pairs. Slots are numbered from the epoch, so every instance
 * on one database agrees on the current slot; the first to need a slot's pair stores it, the
 * others load that one. Private keys are stored encrypted (LoginKeyVault) and deleted, with
 * every copy in memory, once their slot and grace are over.
 */
export class LoginKeyRing {
  private keys = new Map<number, LoginKey>();
  private syncing: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly vault: LoginKeyVault,
    private readonly now: Clock = Date.now,
  ) {}

  /** The public key to seal with now, and how long it stays the one handed out. */
  async current(): Promise<{ publicKey: string; expiresInMs: number }> {
    const t = this.now();
    const key = await this.keyOf(slotAt(t));
    return { publicKey: key.publicKeyPem, expiresInMs: (key.slot + 1) * LOGIN_KEY_ROTATE_MS - t };
  }

  /** Keys that may open a body now, newest first. */
  async usable(): Promise<LoginKey[]> {
    const t = this.now();
    await this.keyOf(slotAt(t));
    const oldest = oldestUsableSlot(t);
    return [...this.keys.values()].filter((k) => k.slot >= oldest).sort((a, b) => b.slot - a.slot);
  }

  /** Forgets and deletes the pairs whose grace is over. */
  async purge(): Promise<void> {
    const oldest = oldestUsableSlot(this.now());
    for (const slot of this.keys.keys()) if (slot < oldest) this.keys.delete(slot);
    await deleteLoginKeysBefore(this.db, oldest);
  }

  private async keyOf(slot: number): Promise<LoginKey> {
    // A sync under way may be for the slot before; then one more brings this one.
    for (let round = 0; round < 3; round++) {
      const key = this.keys.get(slot);
      if (key) return key;
      this.syncing ??= this.sync(slot).finally(() => {
        this.syncing = null;
      });
      await this.syncing;
    }
    throw new Error(`login key of slot ${slot} could not be loaded`);
  }

  private async sync(slot: number): Promise<void> {
    const oldest = oldestUsableSlot(this.now());
    let rows = await loginKeysFrom(this.db, oldest);
    if (!rows.some((r) => r.slot === slot)) {
      const pair = await generate('rsa', {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      });
      await insertLoginKey(this.db, {
        slot,
        publicKey: pair.publicKey,
        privateKeyEnc: this.vault.seal(pair.privateKey, `${slot}:${pair.publicKey}`),
      });
      rows = await loginKeysFrom(this.db, oldest);
    }
    const keys = new Map<number, LoginKey>();
    for (const row of rows) {
      const pem = this.vault.open(row.privateKeyEnc, `${row.slot}:${row.publicKey}`);
      if (pem === null) {
        throw new LoginKeyConfigError(
          `login key of slot ${row.slot} was stored under another secret: give every instance the same LOGIN_KEY_SECRET`,
        );
      }
      keys.set(row.slot, { slot: row.slot, publicKeyPem: row.publicKey, privateKey: createPrivateKey(pem) });
    }
    this.keys = keys;
    await this.purge();
  }
}
