import { describe, expect, it } from 'vitest';
import { checkState, indexMenus, toggleMenu } from './menu-check';

// system(1) ─ users(2) ─ [add(3), delete(4)]; system(1) ─ roles(5); monitoring(6)
const ix = indexMenus([
  { id: 1, pid: 0 },
  { id: 2, pid: 1 },
  { id: 3, pid: 2 },
  { id: 4, pid: 2 },
  { id: 5, pid: 1 },
  { id: 6, pid: 0 },
]);

describe('role menu tree checks', () => {
  it('checking a button grants it with its page and the page’s parent', () => {
    expect(toggleMenu(ix, [], 3, true)).toEqual([1, 2, 3]);
  });
  it('checking a row grants its whole branch; unchecking withdraws the branch, parents stay', () => {
    expect(toggleMenu(ix, [6], 1, true)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(toggleMenu(ix, [1, 2, 3, 4, 5], 2, false)).toEqual([1, 5]);
  });
  it('shows partly granted rows half-checked, and saves exactly the granted set', () => {
    expect(checkState(ix, [1, 2, 3])).toEqual({ checked: [3], halfChecked: [1, 2] });
    expect(checkState(ix, [1, 2, 3, 4, 5])).toEqual({ checked: [1, 2, 3, 4, 5], halfChecked: [] });
    // A page without its buttons stays granted (half-checked), never silently dropped.
    expect(checkState(ix, [1, 2])).toEqual({ checked: [], halfChecked: [1, 2] });
  });
});
