import { MESSAGE_STATUS, RECEIVING_TYPE } from '@ess/contract';
import { and, desc, eq, exists, gt, gte, ilike, inArray, isNull, lt, lte, not, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { messageReceipts, messageStations, messages, messageUsers } from '../../../db/message-schema';
import { stations, users } from '../../../db/schema';
import { containsPattern } from '../../../lib/like';

export type MessageRow = typeof messages.$inferSelect;
export type MessageInsert = typeof messages.$inferInsert;

/** The status condition at `now` (contract MESSAGE_STATUS). */
export function statusIs(status: number, now: Date): SQL | undefined {
  const sent = eq(messages.draft, false);
  switch (status) {
    case MESSAGE_STATUS.draft:
      return eq(messages.draft, true);
    case MESSAGE_STATUS.scheduled:
      return and(sent, sql`${messages.playStart} > ${now}`);
    case MESSAGE_STATUS.broadcasting:
      return and(sent, lte(messages.playStart, now), gte(messages.playEnd, now));
    default:
      return and(sent, lt(messages.playEnd, now));
  }
}

/** Station messages whose stations (one of them, or `stationId`) fall in `scope` (undefined: all). */
function toStationIn(scope: SQL | undefined, stationId?: number): SQL {
  return and(
    eq(messages.receivingType, RECEIVING_TYPE.station),
    exists(
      sql`(select 1 from ${messageStations} join ${stations} on ${stations.id} = ${messageStations.stationId}
        where ${and(eq(messageStations.messageId, messages.id), stationId === undefined ? undefined : eq(messageStations.stationId, stationId), scope)})`,
    ),
  ) as SQL;
}

const toUser = (userId: number): SQL =>
  and(
    eq(messages.receivingType, RECEIVING_TYPE.user),
    exists(
      sql`(select 1 from ${messageUsers} where ${and(eq(messageUsers.messageId, messages.id), eq(messageUsers.userId, userId))})`,
    ),
  ) as SQL;

/**
 * Messages delivered to a user: sent, play start reached, and addressed to the user or to a
 * station in the user's scope (`scope`, the station-scope filter). With `stationId`, station
 * messages of that station only.
 */
export function deliveredTo(userId: number, scope: SQL | undefined, now: Date, stationId?: number): SQL {
  return and(
    eq(messages.draft, false),
    lte(messages.playStart, now),
    or(toUser(userId), toStationIn(scope, stationId)),
  ) as SQL;
}

/**
 * Messages a sender may manage: every one for `all`; else their own and station messages whose
 * stations all lie in their scope (never another sender's messages to users).
 */
export function manageableBy(userId: number, all: boolean, scope: SQL | undefined): SQL | undefined {
  if (all) return undefined;
  const outside = sql`(select 1 from ${messageStations} join ${stations} on ${stations.id} = ${messageStations.stationId}
    where ${and(eq(messageStations.messageId, messages.id), scope ? not(scope) : sql`false`)})`;
  return or(
    eq(messages.creatorId, userId),
    and(eq(messages.receivingType, RECEIVING_TYPE.station), not(exists(outside))),
  );
}

/** Messages addressed to the station (receiving type 1). */
export const toStation = (stationId: number): SQL =>
  and(
    eq(messages.receivingType, RECEIVING_TYPE.station),
    exists(
      sql`(select 1 from ${messageStations} where ${and(eq(messageStations.messageId, messages.id), eq(messageStations.stationId, stationId))})`,
    ),
  ) as SQL;

export const typeIs = (messageType: number | undefined): SQL | undefined =>
  messageType === undefined ? undefined : eq(messages.messageType, messageType);
export const receivingIs = (receivingType: number | undefined): SQL | undefined =>
  receivingType === undefined ? undefined : eq(messages.receivingType, receivingType);
export const idIs = (id: number): SQL => eq(messages.id, id);

export const textMatches = (keyword: string | undefined): SQL | undefined =>
  keyword
    ? or(ilike(messages.title, containsPattern(keyword)), ilike(messages.content, containsPattern(keyword)))
    : undefined;

export async function pageMessages(db: Db, where: SQL | undefined, offset: number, limit: number) {
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(messages).where(where);
  const rows = await db
    .select({
      m: messages,
      readCount: sql<number>`(select count(*)::int from ${messageReceipts} where ${messageReceipts.messageId} = ${messages.id})`,
    })
    .from(messages)
    .where(where)
    .orderBy(desc(messages.createTime), desc(messages.id))
    .offset(offset)
    .limit(limit);
  return { total: count?.n ?? 0, rows };
}

export async function pageReceived(db: Db, userId: number, where: SQL | undefined, offset: number, limit: number) {
  const receipt = and(eq(messageReceipts.messageId, messages.id), eq(messageReceipts.userId, userId));
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .leftJoin(messageReceipts, receipt)
    .where(where);
  const rows = await db
    .select({ m: messages, readTime: messageReceipts.readTime })
    .from(messages)
    .leftJoin(messageReceipts, receipt)
    .where(where)
    .orderBy(desc(messages.playStart), desc(messages.id))
    .offset(offset)
    .limit(limit);
  return { total: count?.n ?? 0, rows };
}

/** Unread / read among received rows (the receipt is left-joined). */
export const readIs = (read: boolean): SQL =>
  read ? sql`${messageReceipts.userId} is not null` : isNull(messageReceipts.userId);

export async function findMessage(db: Db, id: number, where?: SQL): Promise<MessageRow | undefined> {
  return (
    await db
      .select()
      .from(messages)
      .where(and(eq(messages.id, id), where))
  )[0];
}

/** The named recipients of messages, by message id. */
export async function recipientsOf(db: Db, ids: number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const out = new Map<number, { id: number; name: string }[]>();
  if (ids.length === 0) return out;
  const st = await db
    .select({ messageId: messageStations.messageId, id: stations.id, name: stations.name })
    .from(messageStations)
    .innerJoin(stations, eq(stations.id, messageStations.stationId))
    .where(inArray(messageStations.messageId, ids))
    .orderBy(stations.id);
  const us = await db
    .select({
      messageId: messageUsers.messageId,
      id: users.id,
      name: sql<string>`coalesce(${users.realName}, ${users.username})`,
    })
    .from(messageUsers)
    .innerJoin(users, eq(users.id, messageUsers.userId))
    .where(inArray(messageUsers.messageId, ids))
    .orderBy(users.id);
  for (const r of [...st, ...us]) {
    const list = out.get(r.messageId) ?? [];
    list.push({ id: r.id, name: r.name });
    out.set(r.messageId, list);
  }
  return out;
}

/** Writes a message and replaces its recipients, in one transaction. */
export async function saveMessage(
  db: Db,
  id: number | null,
  values: MessageInsert,
  receivingType: number,
  targets: number[],
): Promise<number> {
  return db.transaction(async (tx) => {
    let messageId = id;
    if (messageId === null) {
      const [row] = await tx.insert(messages).values(values).returning({ id: messages.id });
      if (!row) throw new Error('message insert returned nothing');
      messageId = row.id;
    } else {
      await tx.update(messages).set(values).where(eq(messages.id, messageId));
      await tx.delete(messageStations).where(eq(messageStations.messageId, messageId));
      await tx.delete(messageUsers).where(eq(messageUsers.messageId, messageId));
    }
    const mid = messageId;
    if (receivingType === RECEIVING_TYPE.station) {
      await tx.insert(messageStations).values(targets.map((stationId) => ({ messageId: mid, stationId })));
    } else {
      await tx.insert(messageUsers).values(targets.map((userId) => ({ messageId: mid, userId })));
    }
    return mid;
  });
}

/**
 * Writes a notice addressed to users, without a transaction of its own: the caller's transaction
 * (or one around this call) makes message and recipients one write.
 */
export async function insertUserNotice(tx: Db, values: MessageInsert, userIds: readonly number[]): Promise<number> {
  const [row] = await tx.insert(messages).values(values).returning({ id: messages.id });
  if (!row) throw new Error('message insert returned nothing');
  const messageId = row.id;
  if (userIds.length > 0) await tx.insert(messageUsers).values(userIds.map((userId) => ({ messageId, userId })));
  return messageId;
}

export async function deleteMessage(db: Db, id: number): Promise<void> {
  await db.delete(messages).where(eq(messages.id, id));
}

/** Stores the receipt; false when the user had already read the message. */
export async function markRead(db: Db, messageId: number, userId: number, at: Date): Promise<boolean> {
  const rows = await db
    .insert(messageReceipts)
    .values({ messageId, userId, readTime: at })
    .onConflictDoNothing()
    .returning({ userId: messageReceipts.userId });
  return rows.length > 0;
}

/**
 * Enabled users a sender may address: everyone for `all`, else the users of the sender's
 * organisation subtree. The shared demo account reads only, so it is never a recipient.
 */
export async function addressableUsers(db: Db, all: boolean, deptId: number | null) {
  const subtree =
    deptId === null
      ? sql`false`
      : sql`${users.deptId} in (
          with recursive sub(id) as (
            select id from sys_org where id = ${deptId}
            union
            select o.id from sys_org o join sub on o.pid = sub.id
          )
          select id from sub
        )`;
  return db
    .select({ userId: users.id, username: users.username, realName: users.realName })
    .from(users)
    .where(and(eq(users.enabled, true), eq(users.demo, false), all ? undefined : subtree))
    .orderBy(users.id);
}

/** The name a sender signs with: the real name, else the login name. */
export async function senderName(db: Db, userId: number, fallback: string): Promise<string> {
  const [row] = await db.select({ realName: users.realName }).from(users).where(eq(users.id, userId));
  return row?.realName || fallback;
}

/** Whether a published message began or ended playing in (from, to]: the bells' counts changed. */
export async function playEdgeBetween(db: Db, from: Date, to: Date): Promise<boolean> {
  const within = (c: typeof messages.playStart | typeof messages.playEnd) => and(gt(c, from), lte(c, to));
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.draft, false), or(within(messages.playStart), within(messages.playEnd))))
    .limit(1);
  return row !== undefined;
}
