/**
 * The role form's menu tree keeps exactly the granted rows (antd Tree `checkStrictly`), with
 * these rules: checking a row grants it, its whole branch and its parents (a page under an
 * ungranted parent never shows); unchecking a row withdraws it and its branch. A granted row
 * with some rows of its branch not granted shows half-checked, so what is saved is what shows.
 */
export type MenuRowRef = { id: number; pid: number };

export type MenuIndex = { children: Map<number, number[]>; parent: Map<number, number> };

export function indexMenus(rows: readonly MenuRowRef[]): MenuIndex {
  const children = new Map<number, number[]>();
  const parent = new Map<number, number>();
  for (const r of rows) {
    parent.set(r.id, r.pid);
    children.set(r.pid, [...(children.get(r.pid) ?? []), r.id]);
  }
  return { children, parent };
}

function branch(ix: MenuIndex, id: number): number[] {
  const out: number[] = [];
  const stack = [id];
  while (stack.length) {
    const next = stack.pop() as number;
    out.push(next);
    stack.push(...(ix.children.get(next) ?? []));
  }
  return out;
}

/**
 * The granted set after (un)checking `id`. Checking adds only rows the caller may grant
 * (`grantable`: those they hold themselves; all by default), so a branch checked by a delegated
 * administrator grants what they hold of it.
 */
export function toggleMenu(
  ix: MenuIndex,
  granted: readonly number[],
  id: number,
  on: boolean,
  grantable: (id: number) => boolean = () => true,
): number[] {
  const set = new Set(granted);
  if (on) {
    for (const b of branch(ix, id)) if (grantable(b)) set.add(b);
    const seen = new Set<number>();
    for (let p = ix.parent.get(id); p !== undefined && p !== 0 && !seen.has(p); p = ix.parent.get(p)) {
      seen.add(p);
      if (grantable(p)) set.add(p);
    }
  } else {
    for (const b of branch(ix, id)) set.delete(b);
  }
  return [...set].sort((a, b) => a - b);
}

/** What the tree shows: fully granted branches checked, partly granted rows half-checked. */
export function checkState(ix: MenuIndex, granted: readonly number[]): { checked: number[]; halfChecked: number[] } {
  const set = new Set(granted);
  const checked: number[] = [];
  const halfChecked: number[] = [];
  for (const id of granted) {
    if (branch(ix, id).every((b) => set.has(b))) checked.push(id);
    else halfChecked.push(id);
  }
  return { checked, halfChecked };
}
