import { HOME_PATH, type MenuItem } from '@ess/contract';
import { findByUrl, firstLeaf, opensNewWindow, topEntries } from './menu-model';

/**
 * Spec 4 "page flags": the index of the top entry holding the home page, or -1 when the menu
 * has none.
 */
export function homePageFlag(tree: MenuItem[]): number {
  return topEntries(tree).findIndex((t) => findByUrl([t], HOME_PATH) !== null);
}

/** Where "home" is for this menu: the site home page, else the first page the menu offers. */
export function homeTarget(tree: MenuItem[]): string | null {
  if (homePageFlag(tree) !== -1) return HOME_PATH;
  for (const top of topEntries(tree)) {
    if (opensNewWindow(top)) continue;
    const leaf = firstLeaf(top);
    if (leaf.url && !opensNewWindow(leaf)) return leaf.url;
  }
  return null;
}
