import type { DashboardWidget } from '@ess/contract';
import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { dashboardRoles, dashboards } from '../../../db/dashboard-schema';

export type DashboardRecord = typeof dashboards.$inferSelect & { roleIds: number[] };

/** Dashboards a user owns or that are shared with one of `roleIds`, oldest first. */
export async function visibleDashboards(
  db: Db,
  userId: number,
  roleIds: readonly number[],
): Promise<DashboardRecord[]> {
  const shared = roleIds.length
    ? db
        .select({ id: dashboardRoles.dashboardId })
        .from(dashboardRoles)
        .where(inArray(dashboardRoles.roleId, [...roleIds]))
    : null;
  const rows = await db
    .select()
    .from(dashboards)
    .where(shared ? or(eq(dashboards.ownerId, userId), inArray(dashboards.id, shared)) : eq(dashboards.ownerId, userId))
    .orderBy(asc(dashboards.id));
  return withRoles(db, rows);
}

async function withRoles(db: Db, rows: (typeof dashboards.$inferSelect)[]): Promise<DashboardRecord[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select()
    .from(dashboardRoles)
    .where(
      inArray(
        dashboardRoles.dashboardId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => ({
    ...r,
    roleIds: links
      .filter((l) => l.dashboardId === r.id)
      .map((l) => l.roleId)
      .sort((a, b) => a - b),
  }));
}

export async function dashboardById(db: Db, id: number): Promise<DashboardRecord | null> {
  const rows = await db.select().from(dashboards).where(eq(dashboards.id, id));
  return (await withRoles(db, rows))[0] ?? null;
}

export async function dashboardOfToken(db: Db, tokenHash: string): Promise<DashboardRecord | null> {
  const rows = await db.select().from(dashboards).where(eq(dashboards.tokenHash, tokenHash));
  return (await withRoles(db, rows))[0] ?? null;
}

export async function dashboardCount(db: Db, ownerId: number): Promise<number> {
  const [r] = await db.select({ n: count() }).from(dashboards).where(eq(dashboards.ownerId, ownerId));
  return r?.n ?? 0;
}

export async function nameTaken(db: Db, ownerId: number, name: string, except?: number): Promise<boolean> {
  const rows = await db
    .select({ id: dashboards.id })
    .from(dashboards)
    .where(and(eq(dashboards.ownerId, ownerId), eq(dashboards.name, name)));
  return rows.some((r) => r.id !== except);
}

export async function insertDashboard(
  db: Db,
  row: { ownerId: number; name: string; widgets: DashboardWidget[] },
): Promise<number> {
  const [r] = await db.insert(dashboards).values(row).returning({ id: dashboards.id });
  if (!r) throw new Error('dashboard not stored');
  return r.id;
}

/** Changes one's own dashboard; false when it is not theirs (or gone). */
export async function updateDashboard(
  db: Db,
  ownerId: number,
  id: number,
  set: Partial<Pick<typeof dashboards.$inferInsert, 'name' | 'widgets' | 'tokenHash' | 'publishedAt'>>,
): Promise<boolean> {
  const r = await db
    .update(dashboards)
    .set({ ...set, updateTime: sql`now()` })
    .where(and(eq(dashboards.id, id), eq(dashboards.ownerId, ownerId)))
    .returning({ id: dashboards.id });
  return r.length > 0;
}

export async function deleteDashboard(db: Db, ownerId: number, id: number): Promise<boolean> {
  const r = await db
    .delete(dashboards)
    .where(and(eq(dashboards.id, id), eq(dashboards.ownerId, ownerId)))
    .returning({ id: dashboards.id });
  return r.length > 0;
}

/** The roles a dashboard is shared with, replaced in one transaction. */
export async function replaceShares(db: Db, id: number, roleIds: readonly number[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(dashboardRoles).where(eq(dashboardRoles.dashboardId, id));
    if (roleIds.length) await tx.insert(dashboardRoles).values(roleIds.map((roleId) => ({ dashboardId: id, roleId })));
  });
}
