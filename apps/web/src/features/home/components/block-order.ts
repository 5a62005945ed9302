import type { HomeBlockSetting } from '@ess/contract';

/** The list with the item at `from` moved to index `to` (clamped); the same list when nothing moves. */
export function moveBlock(list: readonly HomeBlockSetting[], from: number, to: number): HomeBlockSetting[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from === target || from < 0 || from >= list.length) return [...list];
  const out = [...list];
  const [item] = out.splice(from, 1);
  if (item) out.splice(target, 0, item);
  return out;
}

export const toggleBlock = (list: readonly HomeBlockSetting[], key: string, visible: boolean): HomeBlockSetting[] =>
  list.map((b) => (b.key === key ? { ...b, visible } : b));

export const visibleBlocks = (list: readonly HomeBlockSetting[]) => list.filter((b) => b.visible).map((b) => b.key);
