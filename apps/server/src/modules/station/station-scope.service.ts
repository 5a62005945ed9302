import { and, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { SessionUser } from '../../lib/types';
import {
  findStation,
  orgSubtreeOrGrantedCondition,
  type StationRow,
  selectStations,
  stationCodeIn,
} from './station.repository';

/**
 * The station scope of a caller, in one place: every query on station data goes through it.
 * Admins and group-wide users see every station; others see the stations of their
 * organisation's subtree plus explicit grants (sys_user_station). The shared large-screen
 * account may further be limited to some stations (SCREEN_STATIONS).
 */
export function stationScopeFilter(user: SessionUser): SQL | undefined {
  const base = user.isAdmin || user.groupWide ? undefined : orgSubtreeOrGrantedCondition(user.userId, user.deptId);
  return user.stationCodes ? and(base, stationCodeIn(user.stationCodes)) : base;
}

export function stationsInScope(db: Db, user: SessionUser): Promise<StationRow[]> {
  return selectStations(db, stationScopeFilter(user));
}

export async function stationIdsInScope(db: Db, user: SessionUser): Promise<number[]> {
  return (await stationsInScope(db, user)).map((s) => s.id);
}

/**
 * The station, if the caller may see it. A station outside the scope answers exactly like one
 * that does not exist (404 stationNotFound), so ids cannot be probed.
 */
export async function assertStationInScope(db: Db, user: SessionUser, stationId: number): Promise<StationRow> {
  const row = await findStation(db, stationId, stationScopeFilter(user));
  if (!row) throw notFound('stationNotFound');
  return row;
}
