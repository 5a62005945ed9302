import type { Db } from '../../../db/client';
import type { AssigneeRef, DefinitionNode } from '../../../db/workorder-schema';
import { peopleByUsernames, postsByCodes } from './order.repository';

/** What an assignment rule reads of the order. */
export type AssignmentFacts = { initiatorId: number | null; executorId: number | null; executors: AssigneeRef[] };

const uniqueRefs = (refs: AssigneeRef[]): AssigneeRef[] => {
  const seen = new Set<string>();
  return refs.filter((r) => {
    const k = 'userId' in r ? `u${r.userId}` : `p${r.postId}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};

/**
 * Who may act on a user task (docs/workorders.md "Assignment"): the task's `assignee`
 * (`${initiator}`, `${executor}` — the accepted or allocated executor, else the order's
 * executor list —, `${executors}`, or a user name), its candidate users (user names) and
 * candidate groups (post codes). A task that names nobody who exists falls to the order's
 * executor list, so an order never waits on no one.
 */
export async function assigneesOf(db: Db, node: DefinitionNode, f: AssignmentFacts): Promise<AssigneeRef[]> {
  const refs: AssigneeRef[] = [];
  const a = node.assignee?.trim() ?? null;
  // `${name}` names a role of the order; anything else is a user name.
  const role = a ? /^\$\{(\w+)\}$/.exec(a)?.[1] : undefined;
  if (role === 'initiator') {
    if (f.initiatorId !== null) refs.push({ userId: f.initiatorId });
  } else if (role === 'executor') {
    refs.push(...(f.executorId !== null ? [{ userId: f.executorId }] : f.executors));
  } else if (role === 'executors') {
    refs.push(...f.executors);
  } else if (a && role === undefined) {
    refs.push(...(await peopleByUsernames(db, [a])).map((userId) => ({ userId })));
  }
  refs.push(...(await peopleByUsernames(db, node.candidateUsers)).map((userId) => ({ userId })));
  refs.push(...(await postsByCodes(db, node.candidateGroups)).map((postId) => ({ postId })));
  return uniqueRefs(refs.length > 0 ? refs : f.executors);
}

/** The caller is among the assignees: named, or holding an assigned post. */
export const isAssignee = (refs: readonly AssigneeRef[], userId: number, postId: number | null): boolean =>
  refs.some((r) => ('userId' in r ? r.userId === userId : postId !== null && r.postId === postId));
