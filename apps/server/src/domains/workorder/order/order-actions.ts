import { type OrderAction, WORKORDER_PERMS } from '@ess/contract';
import type { DefinitionNode } from '../../../db/workorder-schema';

/** The button permission an action needs besides the assignment (menu-tree.ts), if any. */
export const ACTION_PERMS: Partial<Record<OrderAction, string>> = {
  accept: WORKORDER_PERMS.accept,
  transfer: WORKORDER_PERMS.transfer,
  void: WORKORDER_PERMS.void,
};

/** Actions that move the process along one of the node's routes of the same name. */
const ROUTED = ['allocate', 'accept', 'finish', 'close', 'void'] as const;

/** Earlier nodes `back` may return to from `node`: its back routes to nodes the order has passed. */
export const backTargets = (node: DefinitionNode, passed: ReadonlySet<string>): string[] =>
  Object.keys(node.routes)
    .filter((r) => r.startsWith('back_'))
    .map((r) => r.slice(5))
    .filter((id) => passed.has(id));

/** The first node waiting for an executor to accept (status 1): where a transfer sends the order. */
export const acceptNodeOf = (nodes: readonly DefinitionNode[]): DefinitionNode | undefined =>
  nodes.find((n) => n.status === 1);

/**
 * Whether the process state allows an action at the waiting node (assignment and permission are
 * checked apart): routed actions need their route, back a back route to a passed node, transfer
 * an executor's node (allocated or in progress), forward any waiting task.
 */
export function stateAllows(
  action: OrderAction,
  node: DefinitionNode,
  nodes: readonly DefinitionNode[],
  passed: ReadonlySet<string>,
): boolean {
  if ((ROUTED as readonly string[]).includes(action)) return action in node.routes;
  if (action === 'back') return backTargets(node, passed).length > 0;
  if (action === 'transfer') {
    if (node.status === 1) return true;
    const accept = acceptNodeOf(nodes);
    return node.status === 2 && accept !== undefined && `back_${accept.id}` in node.routes;
  }
  return action === 'forward';
}
