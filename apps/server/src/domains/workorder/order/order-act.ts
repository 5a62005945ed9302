import { ORDER_STATUS, type OrderActionBody, type OrderStatus } from '@ess/contract';
import type { Db } from '../../../db/client';
import type { AssigneeRef, DefinitionNode } from '../../../db/workorder-schema';
import { forbidden, notFound, refusal } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import type { ArmedTimer } from '../process';
import { type DefinitionRecord, findDefinition, processEngine } from '../process';
import { commitStep, findOrder, type OrderInsert, type OrderRecord, peopleByIds, stepsOf } from './order.repository';
import { ACTION_PERMS, acceptNodeOf, backTargets, stateAllows } from './order-actions';
import { assigneesOf, isAssignee } from './order-assignment';
import type { OrderFiles } from './order-files';
import { checkFormValues } from './order-form';
import { checkExecutors } from './order-people';
import { claimSlaNotices, type SlaNotice, sendSlaNotice } from './order-sla';
import { replaceTimers } from './order-timers';
import { type NoticeStore, prepareTodo } from './order-todo';

type Loaded = { order: OrderRecord; definition: DefinitionRecord; node: DefinitionNode; passed: Set<string> };

/** The order, its definition and its waiting node; 404 outside the caller's scope, 409 once ended. */
export async function loadForAction(db: Db, id: number, scoped: (stationId: number) => Promise<void>): Promise<Loaded> {
  const order = await findOrder(db, id);
  if (!order) throw notFound('workorderNotFound');
  await scoped(order.stationId);
  const definition = await findDefinition(db, order.definitionId, true);
  if (!definition) throw new Error(`order ${id} has no definition ${order.definitionId}`);
  const node = definition.nodes.find((n) => n.id === order.activeNodeIds[0]);
  if (order.endedAt || !node) throw refusal('workorderStateConflict', 409);
  const steps = await stepsOf(db, id);
  const passed = new Set(steps.flatMap((s) => (s.nodeId && s.nodeId !== node.id ? [s.nodeId] : [])));
  return { order, definition, node, passed };
}

/** The caller's post (post holders act on tasks assigned to their post). */
export async function postOf(db: Db, userId: number): Promise<number | null> {
  const [me] = await peopleByIds(db, [userId]);
  return me?.postId ?? null;
}

/** May the caller take the action now: assigned, holding its button, and the state allowing it. */
export function mayTake(
  user: SessionUser,
  postId: number | null,
  l: Loaded,
  action: OrderActionBody['action'],
): 'ok' | 403 | 409 {
  const perm = ACTION_PERMS[action];
  if (user.readOnly || !isAssignee(l.order.assignees, user.userId, postId)) return 403;
  if (perm && !user.isAdmin && !user.perms.has(perm)) return 403;
  return stateAllows(action, l.node, l.definition.nodes, l.passed) ? 'ok' : 409;
}

const needOpinion = (b: OrderActionBody): string => {
  if (!b.opinion) throw refusal('workorderOpinionEmpty', 400);
  return b.opinion;
};

/**
 * One action on an order (issue 23's fixed call). Computes the engine step from the stored
 * state, then commits the order, its track row and the to-do messages of whoever the waiting
 * task landed on only if no other step came first (409); the bells are told after the commit.
 */
export async function act(
  db: Db,
  files: OrderFiles,
  store: NoticeStore,
  user: SessionUser,
  userName: string,
  b: OrderActionBody,
  now: number,
  scoped: (stationId: number) => Promise<void>,
): Promise<{ id: number; status: OrderStatus }> {
  const l = await loadForAction(db, b.id, scoped);
  const { order, definition, node } = l;
  const verdict = mayTake(user, await postOf(db, user.userId), l, b.action);
  if (verdict === 403) throw forbidden();
  if (verdict === 409) throw refusal('workorderStateConflict', 409);
  if (b.attachmentIds?.length)
    await files.assertUsable(b.attachmentIds, { stationId: order.stationId, userId: user.userId });
  const facts = { initiatorId: order.initiatorId, executorId: order.executorId, executors: order.executors };
  const set: Partial<OrderInsert> = {};
  let route: string | null = b.action;
  let opinion = b.opinion ?? null;

  switch (b.action) {
    case 'allocate': {
      if (b.userId !== undefined) await checkExecutors(db, [{ userId: b.userId }], order.stationId);
      facts.executorId = b.userId ?? null;
      set.executorId = facts.executorId;
      break;
    }
    case 'accept':
      facts.executorId = user.userId;
      set.executorId = user.userId;
      set.acceptTime = new Date(now);
      break;
    case 'finish':
      opinion = needOpinion(b);
      // The sent values over the stored ones; the finished order has every required field filled.
      set.formValues = checkFormValues(order.formFields, { ...order.formValues, ...b.formValues }, true);
      set.finishTime = new Date(now);
      break;
    case 'void':
      opinion = needOpinion(b);
      break;
    case 'back': {
      opinion = needOpinion(b);
      if (!b.nodeId || !backTargets(node, l.passed).includes(b.nodeId)) throw refusal('workorderBackNode', 400);
      route = `back_${b.nodeId}`;
      break;
    }
    case 'transfer': {
      if (b.userId === undefined) throw refusal('workorderExecutorEmpty', 400);
      await checkExecutors(db, [{ userId: b.userId }], order.stationId);
      facts.executorId = b.userId;
      set.executorId = b.userId;
      // The new executor accepts again: from a task in progress the order returns to acceptance.
      const accept = acceptNodeOf(definition.nodes);
      route = node.status === 2 && accept ? `back_${accept.id}` : null;
      break;
    }
    case 'forward': {
      if (b.userId === undefined) throw refusal('workorderForwarderEmpty', 400);
      await checkExecutors(db, [{ userId: b.userId }], order.stationId);
      route = null;
      break;
    }
    case 'close':
      break;
  }

  // A step without a route (forward, transfer in place) keeps the instance and its timers.
  let next: {
    activeNodeIds: string[];
    ended: boolean;
    state: unknown;
    timers?: ArmedTimer[];
    completedBoundaryIds?: string[];
  } = {
    activeNodeIds: order.activeNodeIds,
    ended: false,
    state: order.engineState,
  };
  if (route !== null) {
    next = await processEngine.step(`order-${order.id}`, order.engineState, { nodeId: node.id, route });
  }
  const nextNode = definition.nodes.find((n) => n.id === next.activeNodeIds[0]);
  let assignees: AssigneeRef[] = [];
  if (b.action === 'forward' && b.userId !== undefined) assignees = [{ userId: b.userId }];
  else if (b.action === 'transfer' && route === null && b.userId !== undefined) assignees = [{ userId: b.userId }];
  else if (nextNode) assignees = await assigneesOf(db, nextNode, facts);
  const status = (
    next.ended
      ? b.action === 'void'
        ? ORDER_STATUS.voided
        : ORDER_STATUS.finished
      : (nextNode?.status ?? order.status)
  ) as OrderStatus;

  const todo = await prepareTodo(db, store, {
    stationId: order.stationId,
    assignees: next.ended ? [] : assignees,
    node: nextNode,
    actorId: user.userId,
    sender: userName,
    now,
  });
  const at = new Date(now);
  const sla: SlaNotice[] = [];
  const committed = await commitStep(
    db,
    order.id,
    order.version,
    {
      ...set,
      status,
      activeNodeIds: next.activeNodeIds,
      assignees,
      engineState: next.state,
      ...(next.ended ? { endedAt: new Date(now) } : {}),
    },
    {
      action: b.action,
      userId: user.userId,
      userName,
      time: new Date(now),
      opinion,
      nodeId: node.id,
      toNodeId: next.ended ? null : (next.activeNodeIds[0] ?? null),
      attachmentIds: b.attachmentIds ?? [],
    },
    async (tx) => {
      if (next.timers) await replaceTimers(tx, order.id, definition.xml, next.timers);
      // A deadline passed before the timer runner's next look completes while the step resumes:
      // its notice is claimed here, as the runner would have.
      const completed = next.completedBoundaryIds ?? [];
      if (completed.length > 0) sla.push(...(await claimSlaNotices(tx, order.id, completed, definition.xml, at)));
      await todo.write(tx, order);
    },
  );
  if (!committed) throw refusal('workorderChanged', 409);
  todo.announce();
  for (const kind of sla) {
    await sendSlaNotice(db, store, { ...order, due: order.slaDueAt ?? at }, kind, at);
  }
  return { id: order.id, status };
}
