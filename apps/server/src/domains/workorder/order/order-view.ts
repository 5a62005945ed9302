import type { Assignee, OrderRow, OrderSource } from '@ess/contract';
import type { Db } from '../../../db/client';
import type { AssigneeRef } from '../../../db/workorder-schema';
import { type OrderListRow, peopleByIds, postsByIds } from './order.repository';

const ms = (d: Date | null): number | null => (d === null ? null : d.getTime());

export { ms as epochOrNull };

/** Names of the users and posts the refs name, in one query each. */
export async function nameRefs(db: Db, lists: readonly (readonly AssigneeRef[])[]) {
  const userIds = new Set<number>();
  const postIds = new Set<number>();
  for (const refs of lists) for (const r of refs) 'userId' in r ? userIds.add(r.userId) : postIds.add(r.postId);
  const [people, posts] = await Promise.all([peopleByIds(db, [...userIds]), postsByIds(db, [...postIds])]);
  const userName = new Map(people.map((p) => [p.id, p.name]));
  const postName = new Map(posts.map((p) => [p.id, p.name]));
  return (refs: readonly AssigneeRef[]): Assignee[] =>
    refs.map((r) =>
      'userId' in r
        ? { kind: 'user', id: r.userId, name: userName.get(r.userId) ?? `#${r.userId}` }
        : { kind: 'post', id: r.postId, name: postName.get(r.postId) ?? `#${r.postId}` },
    );
}

/** A list row of the order pages. */
export function toOrderRow(r: OrderListRow, named: (refs: readonly AssigneeRef[]) => Assignee[]): OrderRow {
  const o = r.order;
  return {
    id: o.id,
    number: o.number,
    title: o.title,
    status: o.status as OrderRow['status'],
    orderType: o.orderType as OrderRow['orderType'],
    source: o.source as OrderSource,
    stationId: o.stationId,
    stationName: r.stationName,
    deviceId: o.deviceId,
    deviceName: r.deviceName,
    alarmEventId: o.alarmEventId,
    priority: o.priority as OrderRow['priority'],
    plannedTime: ms(o.plannedTime),
    initiatorId: o.initiatorId,
    initiatorName: r.initiatorName,
    assignees: o.endedAt ? [] : named(o.assignees),
    activeNodeIds: o.activeNodeIds,
    slaDueAt: ms(o.slaDueAt),
    createdAt: o.createdAt.getTime(),
  };
}
