import type { Db } from '../../../db/client';
import type { SessionUser } from '../../../lib/types';
import { subtreeIds } from './org.repository';

/**
 * The organisations a caller administers: all for admins and group-wide users (null), else
 * their own organisation and everything below it (none without an organisation).
 */
export async function orgIdsInScope(db: Db, user: SessionUser): Promise<Set<number> | null> {
  if (user.isAdmin || user.groupWide) return null;
  return new Set(user.deptId === null ? [] : await subtreeIds(db, user.deptId));
}

export const inOrgScope = (scope: Set<number> | null, id: number): boolean => scope === null || scope.has(id);
