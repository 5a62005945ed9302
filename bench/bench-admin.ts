import type { SessionUser } from '../apps/server/src/lib/types';

/** An administrator's session for benches that call services directly (all stations, every right). */
export const BENCH_ADMIN: SessionUser = {
  userId: 0,
  username: 'bench',
  deptId: null,
  roles: ['admin'],
  perms: new Set(),
  isAdmin: true,
  readOnly: false,
  groupWide: true,
  demo: false,
  sessionKind: 'pc',
  sessionId: 0,
  stationCodes: null,
};
