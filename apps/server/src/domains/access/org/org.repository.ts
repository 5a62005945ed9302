import type { OrgBody } from '@ess/contract';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orgs, stations, users } from '../../../db/schema';

export type OrgRow = typeof orgs.$inferSelect & { stationCount: number; userCount: number };

/** Every organisation with the stations and users that belong to it directly. */
export async function selectOrgs(db: Db): Promise<OrgRow[]> {
  // Qualified by hand: in a one-table select Drizzle leaves column names bare, which inside the
  // subquery would name the subquery's own table.
  const stationCount = sql<number>`(select count(*) from biz_station s where s.org_id = sys_org.id)::int`;
  const userCount = sql<number>`(select count(*) from sys_user u where u.dept_id = sys_org.id)::int`;
  const rows = await db
    .select({ org: orgs, stationCount, userCount })
    .from(orgs)
    .orderBy(orgs.orderNum, orgs.name, orgs.id);
  return rows.map((r) => ({ ...r.org, stationCount: r.stationCount, userCount: r.userCount }));
}

export async function findOrg(db: Db, id: number): Promise<typeof orgs.$inferSelect | undefined> {
  return (await db.select().from(orgs).where(eq(orgs.id, id)))[0];
}

/**
 * The organisation and every organisation below it. UNION (not UNION ALL) stops the walk should
 * the tree ever hold a cycle.
 */
export async function subtreeIds(db: Db, rootId: number): Promise<number[]> {
  const res = (await db.execute(sql`
    with recursive sub(id) as (
      select id from sys_org where id = ${rootId}
      union
      select o.id from sys_org o join sub on o.pid = sub.id
    )
    select id from sub`)) as unknown as { rows: { id: number }[] };
  return res.rows.map((r) => Number(r.id));
}

export async function codeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orgs.id })
    .from(orgs)
    .where(and(eq(orgs.code, code), exceptId ? ne(orgs.id, exceptId) : undefined));
  return row !== undefined;
}

const stored = (b: OrgBody) => ({
  pid: b.pid,
  name: b.name,
  code: b.code,
  orderNum: b.orderNum,
  leader: b.leader,
  phone: b.phone,
});

/** Inserts; null when the code was taken meanwhile (unique key). */
export async function insertOrg(db: Db, b: OrgBody): Promise<number | null> {
  const [row] = await db.insert(orgs).values(stored(b)).onConflictDoNothing().returning({ id: orgs.id });
  return row?.id ?? null;
}

/** `renamed` false keeps the stored name and its translations; true stores the name as typed. */
export async function updateOrg(db: Db, id: number, b: OrgBody, renamed: boolean): Promise<void> {
  const { name, ...rest } = stored(b);
  await db
    .update(orgs)
    .set({ ...rest, ...(renamed && { name, names: {} }) })
    .where(eq(orgs.id, id));
}

/** What still belongs to the organisation directly: child organisations, stations, users. */
export async function orgHoldings(db: Db, id: number): Promise<{ orgs: number; stations: number; users: number }> {
  const [[o], [s], [u]] = await Promise.all([
    db.select({ n: count() }).from(orgs).where(eq(orgs.pid, id)),
    db.select({ n: count() }).from(stations).where(eq(stations.orgId, id)),
    db.select({ n: count() }).from(users).where(eq(users.deptId, id)),
  ]);
  return { orgs: o?.n ?? 0, stations: s?.n ?? 0, users: u?.n ?? 0 };
}

/**
 * Deletes the organisation unless it has child organisations, in one statement (sys_org.pid has
 * no foreign key; stations and users have theirs). False when it was kept.
 */
export async function deleteLeafOrg(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .delete(orgs)
    .where(and(eq(orgs.id, id), sql`not exists (select 1 from sys_org c where c.pid = ${id})`))
    .returning({ id: orgs.id });
  return rows.length > 0;
}
