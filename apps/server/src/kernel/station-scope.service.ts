import type { DataScope } from '@ess/contract';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { stations } from '../db/schema';
import { findStation, type StationRow, selectStations, stationCodeIn } from '../domains/stations/station';
import { notFound } from '../lib/app-error';
import type { SessionUser } from '../lib/types';

/**
 * The station scope of a caller, in one place: every query on station data goes through it.
 * Admins and group-wide users see every station; others the union, over their enabled roles,
 * of each role's data scope (`all` every station, `org` their organisation's subtree, `custom`
 * the stations of the role's organisations, sys_role_org), plus explicit grants
 * (sys_user_station) and the stations where they hold an enabled station role
 * (sys_station_role). Read from the tables on every query, so a role or grant changed by an
 * administrator applies to the user's next call. The shared large-screen account may further
 * be limited to some stations (SCREEN_STATIONS).
 */
export function stationScopeFilter(user: SessionUser): SQL | undefined {
  const base = user.isAdmin || user.groupWide ? undefined : userScopeCondition(user.userId, user.deptId);
  return user.stationCodes ? and(base, stationCodeIn(user.stationCodes)) : base;
}

/** The user holds an enabled role with this data scope. */
const holdsScope = (userId: number, scope: DataScope): SQL =>
  sql`exists (select 1 from sys_user_role ur join sys_role r on r.id = ur.role_id
    where ur.user_id = ${userId} and r.enabled and r.data_scope = ${scope})`;

/**
 * Condition on biz_station for a user who is neither admin nor group-wide (see
 * stationScopeFilter); also for users other than the caller (notification recipients). UNION (not UNION ALL) in the organisation walk stops it should the
 * tree ever contain a cycle.
 */
export function userScopeCondition(userId: number, deptId: number | null): SQL {
  const parts = [
    holdsScope(userId, 'all'),
    sql`${stations.id} in (select station_id from sys_user_station where user_id = ${userId})`,
    sql`${stations.id} in (select sr.station_id from sys_station_role sr join sys_role r on r.id = sr.role_id
      where sr.user_id = ${userId} and r.enabled)`,
    sql`${stations.orgId} in (select ro.org_id from sys_role_org ro join sys_role r on r.id = ro.role_id
      join sys_user_role ur on ur.role_id = r.id
      where ur.user_id = ${userId} and r.enabled and r.data_scope = 'custom')`,
  ];
  if (deptId !== null) {
    parts.push(sql`(${holdsScope(userId, 'org')} and ${stations.orgId} in (
      with recursive sub(id) as (
        select id from sys_org where id = ${deptId}
        union
        select o.id from sys_org o join sub on o.pid = sub.id
      )
      select id from sub
    ))`);
  }
  return sql`(${sql.join(parts, sql` or `)})`;
}

export function stationsInScope(db: Db, user: SessionUser): Promise<StationRow[]> {
  return selectStations(db, stationScopeFilter(user));
}

/** Ids of the stations in a scoped user's scope (userScopeCondition), for the station directory. */
export async function scopedStationIds(db: Db, userId: number, deptId: number | null): Promise<number[]> {
  const rows = await db.select({ id: stations.id }).from(stations).where(userScopeCondition(userId, deptId));
  return rows.map((r) => r.id);
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
