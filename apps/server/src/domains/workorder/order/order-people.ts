import type { Db } from '../../../db/client';
import type { AssigneeRef } from '../../../db/workorder-schema';
import { refusal } from '../../../lib/app-error';
import { postsByIds, usersSeeingStation } from './order.repository';

/** Every executor exists: users enabled, writable and seeing the station; posts existing. */
export async function checkExecutors(db: Db, refs: readonly AssigneeRef[], stationId: number): Promise<void> {
  const userIds = refs.flatMap((r) => ('userId' in r ? [r.userId] : []));
  const postIds = refs.flatMap((r) => ('postId' in r ? [r.postId] : []));
  if (userIds.length > 0) {
    const ok = await usersSeeingStation(db, stationId, userIds);
    if (ok.length !== new Set(userIds).size) throw refusal('workorderUserOutOfScope', 400);
  }
  if (postIds.length > 0 && (await postsByIds(db, postIds)).length !== new Set(postIds).size) {
    throw refusal('workorderExecutorEmpty', 400);
  }
}
