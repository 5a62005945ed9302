import type { Db } from '../../../db/client';
import { permsOf, roleCodesOf } from '../user';
import { findSessionByTokenHash, touchSession } from './session.repository';

/**
 * The database work of resolving a bearer token, one round trip each. A seam so tests can
 * count what a request costs (auth-session-cache.test.ts).
 */
export type SessionReads = {
  find: (tokenHash: string) => ReturnType<typeof findSessionByTokenHash>;
  touch: (sessionId: number, at: Date) => Promise<void>;
  roleCodes: (userId: number) => Promise<string[]>;
  perms: (roleCodes: string[]) => Promise<string[]>;
};

export const sessionReads = (db: Db): SessionReads => ({
  find: (hash) => findSessionByTokenHash(db, hash),
  touch: (id, at) => touchSession(db, id, at),
  roleCodes: (userId) => roleCodesOf(db, userId),
  perms: (codes) => permsOf(db, codes),
});
