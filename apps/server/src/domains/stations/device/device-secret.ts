import { randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { devices } from '../../../db/schema';
import { sha256 } from '../../../lib/hash';

/**
 * MQTT credentials of a device: user name = serial number, password = a random secret shown
 * once. The secret has 192 bits of entropy, so a plain SHA-256 of it is safe to keep (a slow
 * KDF protects guessable passwords, not random keys) and cheap to check on every connect.
 */
export async function rotateDeviceSecret(
  db: Db,
  deviceId: number,
): Promise<{ username: string; password: string } | null> {
  const password = randomBytes(24).toString('base64url');
  const [row] = await db
    .update(devices)
    .set({ mqttSecretHash: sha256(password), updateTime: new Date() })
    .where(eq(devices.id, deviceId))
    .returning({ sn: devices.sn });
  return row ? { username: row.sn, password } : null;
}

/** Constant-time check of a presented secret against the stored hash. */
export function secretMatches(storedHash: string | null, presented: string | Buffer): boolean {
  if (!storedHash) return false;
  const a = Buffer.from(sha256(Buffer.isBuffer(presented) ? presented.toString('utf8') : presented), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
