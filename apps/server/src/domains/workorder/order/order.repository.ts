import type { Lang, OrderScope } from '@ess/contract';
import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { devices, posts, stations, users } from '../../../db/schema';
import { type AssigneeRef, workOrders as o, orderNumbers, orderSteps } from '../../../db/workorder-schema';
import { stationScopeFilter, userScopeCondition } from '../../../kernel/station-scope.service';
import { pageOrder, pageSlice } from '../../../lib/paging';
import type { SessionUser } from '../../../lib/types';
import { findStation } from '../../stations/station';

export type OrderRecord = typeof o.$inferSelect;
export type OrderInsert = typeof o.$inferInsert;
export type StepInsert = typeof orderSteps.$inferInsert;
export type StepRecord = typeof orderSteps.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The next number of a local day: `WO` + date + four digits, one upsert (safe on every instance). */
export async function nextOrderNumber(tx: Tx | Db, day: string): Promise<string> {
  const [row] = await tx
    .insert(orderNumbers)
    .values({ day, last: 1 })
    .onConflictDoUpdate({ target: orderNumbers.day, set: { last: sql`${orderNumbers.last} + 1` } })
    .returning({ last: orderNumbers.last });
  return `WO${day.replaceAll('-', '')}${String(row?.last ?? 1).padStart(4, '0')}`;
}

export async function insertOrder(tx: Tx, v: OrderInsert, step: Omit<StepInsert, 'orderId'>): Promise<OrderRecord> {
  const [row] = await tx.insert(o).values(v).returning();
  if (!row) throw new Error('order not inserted');
  await tx.insert(orderSteps).values({ ...step, orderId: row.id });
  return row;
}

export async function findOrder(db: Db, id: number): Promise<OrderRecord | null> {
  const [row] = await db.select().from(o).where(eq(o.id, id));
  return row ?? null;
}

/** The running order of an alarm event (at most one: a partial unique index). */
export async function openOrderOfAlarm(db: Db, alarmEventId: number): Promise<OrderRecord | null> {
  const [row] = await db
    .select()
    .from(o)
    .where(and(eq(o.alarmEventId, alarmEventId), isNull(o.endedAt)));
  return row ?? null;
}

/**
 * One step: the conditional update of the order (`version` as read), its track row and `also`
 * (the to-do notices) in one transaction. False when another step won meanwhile; nothing is
 * written then.
 */
export async function commitStep(
  db: Db,
  id: number,
  version: number,
  set: Partial<OrderInsert>,
  step: Omit<StepInsert, 'orderId'> | null,
  also: (tx: Db) => Promise<void> = async () => {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(o)
      .set({ ...set, version: version + 1, updatedAt: new Date() })
      .where(and(eq(o.id, id), eq(o.version, version)))
      .returning({ id: o.id });
    if (rows.length === 0) return false;
    if (step) await tx.insert(orderSteps).values({ ...step, orderId: id });
    await also(tx);
    return true;
  });
}

export async function deleteOrder(db: Db, id: number, version: number): Promise<boolean> {
  const rows = await db
    .delete(o)
    .where(and(eq(o.id, id), eq(o.version, version)))
    .returning({ id: o.id });
  return rows.length > 0;
}

export async function stepsOf(db: Db, orderId: number): Promise<StepRecord[]> {
  return db.select().from(orderSteps).where(eq(orderSteps.orderId, orderId)).orderBy(orderSteps.time, orderSteps.id);
}

/** The caller may act on the order: a user assignee, or a holder of an assigned post. */
export const assignedTo = (userId: number, postId: number | null): SQL => {
  const mine = sql`${o.assignees} @> ${JSON.stringify([{ userId }])}::jsonb`;
  return postId === null ? mine : sql`(${mine} or ${o.assignees} @> ${JSON.stringify([{ postId }])}::jsonb)`;
};

export type OrderListQuery = {
  scope: OrderScope;
  stationId?: number;
  status?: number;
  orderType?: number;
  keyword?: string;
  pageNum: number;
  pageSize: number;
  orderBy?: 'createdAt' | 'plannedTime' | 'priority' | 'number';
  order?: 'asc' | 'desc';
};

function listWhere(user: SessionUser, postId: number | null, q: Omit<OrderListQuery, 'pageNum' | 'pageSize'>) {
  return and(
    stationScopeFilter(user),
    q.scope === 'todo' ? and(isNull(o.endedAt), assignedTo(user.userId, postId)) : undefined,
    q.scope === 'done'
      ? sql`exists (select 1 from wo_step s where s.order_id = wo_order.id and s.user_id = ${user.userId} and s.action <> 'create')`
      : undefined,
    q.stationId === undefined ? undefined : eq(o.stationId, q.stationId),
    q.status === undefined ? undefined : eq(o.status, q.status),
    q.orderType === undefined ? undefined : eq(o.orderType, q.orderType),
    q.keyword ? sql`(${o.number} ilike ${`%${q.keyword}%`} or ${o.title} ilike ${`%${q.keyword}%`})` : undefined,
  );
}

const listColumns = (lang: Lang) => ({
  order: o,
  stationName: stations.name,
  stationTimezone: stations.timezone,
  deviceName: sql<
    string | null
  >`coalesce(nullif(${devices.names} ->> ${lang}, ''), nullif(${devices.names} ->> 'zh_CN', ''), ${devices.name})`,
  initiatorName: sql<string | null>`coalesce(${users.realName}, ${users.username})`,
});

export type OrderListRow = {
  order: OrderRecord;
  stationName: string;
  stationTimezone: string;
  deviceName: string | null;
  initiatorName: string | null;
};

export async function listOrders(
  db: Db,
  user: SessionUser,
  postId: number | null,
  q: OrderListQuery,
  lang: Lang,
  limit?: number,
): Promise<{ rows: OrderListRow[]; total: number }> {
  const where = listWhere(user, postId, q);
  const base = db
    .select(listColumns(lang))
    .from(o)
    .innerJoin(stations, eq(stations.id, o.stationId))
    .leftJoin(devices, eq(devices.id, o.deviceId))
    .leftJoin(users, eq(users.id, o.initiatorId))
    .where(where)
    .orderBy(
      ...pageOrder(q, { createdAt: o.createdAt, plannedTime: o.plannedTime, priority: o.priority, number: o.number }, [
        desc(o.createdAt),
        desc(o.id),
      ]),
    );
  const rows =
    limit === undefined ? await base.limit(pageSlice(q).limit).offset(pageSlice(q).offset) : await base.limit(limit);
  const [total] = await db
    .select({ n: count() })
    .from(o)
    .innerJoin(stations, eq(stations.id, o.stationId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** One order with its station, device and initiator names, if the caller's scope holds its station. */
export async function orderInScope(db: Db, user: SessionUser, id: number, lang: Lang): Promise<OrderListRow | null> {
  const [row] = await db
    .select(listColumns(lang))
    .from(o)
    .innerJoin(stations, eq(stations.id, o.stationId))
    .leftJoin(devices, eq(devices.id, o.deviceId))
    .leftJoin(users, eq(users.id, o.initiatorId))
    .where(and(eq(o.id, id), stationScopeFilter(user)));
  return row ?? null;
}

export type PersonRow = {
  id: number;
  name: string;
  phone: string | null;
  postId: number | null;
  enabled: boolean;
  deptId: number | null;
  groupWide: boolean;
};

export async function peopleByIds(db: Db, ids: readonly number[]): Promise<PersonRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      name: sql<string>`coalesce(${users.realName}, ${users.username})`,
      phone: users.phone,
      postId: users.postId,
      enabled: users.enabled,
      deptId: users.deptId,
      groupWide: users.groupWide,
    })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

export async function peopleByUsernames(db: Db, names: readonly string[]): Promise<number[]> {
  if (names.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.username, [...names]));
  return rows.map((r) => r.id);
}

export async function postsByIds(db: Db, ids: readonly number[]): Promise<{ id: number; name: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: posts.id, name: posts.name })
    .from(posts)
    .where(inArray(posts.id, [...ids]));
}

export async function postsByCodes(db: Db, codes: readonly string[]): Promise<number[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(inArray(posts.code, [...codes]));
  return rows.map((r) => r.id);
}

export async function enabledPosts(db: Db): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: posts.id, name: posts.name })
    .from(posts)
    .where(eq(posts.enabled, true))
    .orderBy(posts.orderNum);
}

/**
 * Enabled, writable users whose station scope holds the station (candidates for allocate,
 * transfer, forward), by the kernel's scope rule: one query for the users, one per scoped user.
 */
export async function usersSeeingStation(db: Db, stationId: number, only?: readonly number[]): Promise<PersonRow[]> {
  const isAdmin = sql<boolean>`exists (select 1 from sys_user_role ur join sys_role r on r.id = ur.role_id
    where ur.user_id = sys_user.id and r.code = 'admin')`;
  const rows = await db
    .select({
      id: users.id,
      name: sql<string>`coalesce(${users.realName}, ${users.username})`,
      phone: users.phone,
      postId: users.postId,
      enabled: users.enabled,
      deptId: users.deptId,
      groupWide: users.groupWide,
      isAdmin,
    })
    .from(users)
    .where(
      and(
        eq(users.enabled, true),
        eq(users.readOnly, false),
        eq(users.demo, false),
        only ? inArray(users.id, [...only]) : undefined,
      ),
    )
    .orderBy(users.id)
    .limit(500);
  // One after another: `db` may be a transaction, whose one connection runs a statement at a time.
  const sees: boolean[] = [];
  for (const u of rows) {
    sees.push(
      u.isAdmin || u.groupWide || (await findStation(db, stationId, userScopeCondition(u.id, u.deptId))) !== undefined,
    );
  }
  return rows.filter((_, i) => sees[i]).map(({ isAdmin: _admin, ...u }) => u);
}

/** Devices of orders not ended at a station (the site overview's "overhaul" legend). */
export async function devicesUnderOrder(db: Db, stationId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: o.deviceId })
    .from(o)
    .where(and(eq(o.stationId, stationId), isNull(o.endedAt), sql`${o.deviceId} is not null`));
  return rows.flatMap((r) => (r.id === null ? [] : [r.id]));
}

export type { AssigneeRef };

/** Enabled holders of the posts. */
export async function postHolders(db: Db, postIds: readonly number[]): Promise<number[]> {
  if (postIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.enabled, true), inArray(users.postId, [...postIds])));
  return rows.map((r) => r.id);
}

/** Each user's interface language (null: none chosen). */
export async function languagesOf(db: Db, userIds: readonly number[]): Promise<Map<number, string | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, lang: users.lang })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  return new Map(rows.map((r) => [r.id, r.lang]));
}
