import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { stations } from '../../../db/schema';

export type StationRow = typeof stations.$inferSelect;

/** Stations matching `where` (all when undefined), by id. */
export async function selectStations(db: Db, where?: SQL): Promise<StationRow[]> {
  return db.select().from(stations).where(where).orderBy(stations.id);
}

export async function findStation(db: Db, id: number, where?: SQL): Promise<StationRow | undefined> {
  return (
    await db
      .select()
      .from(stations)
      .where(and(eq(stations.id, id), where))
  )[0];
}

/**
 * Condition on biz_station: the station belongs to the organisation `deptId` or any
 * organisation below it (sys_org.pid tree), or is granted to the user in sys_user_station.
 * UNION (not UNION ALL) stops the walk should the tree ever contain a cycle.
 */
export function orgSubtreeOrGrantedCondition(userId: number, deptId: number | null): SQL {
  const granted = sql`${stations.id} in (select station_id from sys_user_station where user_id = ${userId})`;
  if (deptId === null) return granted;
  const subtree = sql`${stations.orgId} in (
    with recursive sub(id) as (
      select id from sys_org where id = ${deptId}
      union
      select o.id from sys_org o join sub on o.pid = sub.id
    )
    select id from sub
  )`;
  return sql`(${subtree} or ${granted})`;
}

export const stationCodeIn = (codes: readonly string[]): SQL => inArray(stations.code, [...codes]);
