import type { PostBody, PostOption, PostPageBody, SysPost } from '@ess/contract';
import { and, count, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { posts } from '../../../db/schema';
import { containsPattern } from '../../../lib/like';
import { pageOrder, pageSlice } from '../../../lib/paging';

// Qualified by hand: in a one-table select Drizzle leaves column names bare, which inside the
// subquery would name sys_user's own columns.
const userCount = sql<number>`(select count(*) from sys_user u where u.post_id = sys_post.id)::int`;

const toPost = (r: typeof posts.$inferSelect & { userCount: number }): SysPost => ({
  id: r.id,
  code: r.code,
  name: r.name,
  orderNum: r.orderNum,
  enabled: r.enabled,
  remark: r.remark,
  userCount: r.userCount,
  createTime: r.createTime.toISOString(),
});

export async function postPage(db: Db, q: PostPageBody): Promise<{ rows: SysPost[]; total: number }> {
  const text = q.keyword ? containsPattern(q.keyword) : null;
  const where = and(
    text ? or(ilike(posts.code, text), ilike(posts.name, text)) : undefined,
    q.enabled === undefined ? undefined : eq(posts.enabled, q.enabled),
  );
  const order = pageOrder(
    q,
    { code: posts.code, name: posts.name, orderNum: posts.orderNum, createTime: posts.createTime },
    [sql`${posts.orderNum}`, sql`${posts.id}`],
  );
  const { limit, offset } = pageSlice(q);
  const [rows, [total]] = await Promise.all([
    db
      .select({ post: posts, userCount })
      .from(posts)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(posts).where(where),
  ]);
  return { rows: rows.map((r) => toPost({ ...r.post, userCount: r.userCount })), total: total?.n ?? 0 };
}

export async function postOptions(db: Db): Promise<PostOption[]> {
  return db
    .select({ id: posts.id, code: posts.code, name: posts.name, enabled: posts.enabled })
    .from(posts)
    .orderBy(posts.orderNum, posts.id);
}

export async function findPost(db: Db, id: number): Promise<SysPost | undefined> {
  const [r] = await db.select({ post: posts, userCount }).from(posts).where(eq(posts.id, id));
  return r ? toPost({ ...r.post, userCount: r.userCount }) : undefined;
}

export async function postCodeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.code, code), exceptId ? ne(posts.id, exceptId) : undefined));
  return row !== undefined;
}

/** Inserts; null when the code was taken meanwhile (unique key). */
export async function insertPost(db: Db, b: PostBody): Promise<number | null> {
  const [row] = await db.insert(posts).values(b).onConflictDoNothing().returning({ id: posts.id });
  return row?.id ?? null;
}

export async function updatePost(db: Db, id: number, b: PostBody): Promise<void> {
  await db.update(posts).set(b).where(eq(posts.id, id));
}

export async function deletePost(db: Db, id: number): Promise<void> {
  await db.delete(posts).where(eq(posts.id, id));
}
