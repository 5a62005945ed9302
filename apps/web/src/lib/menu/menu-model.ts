import { isExternalLink, type MenuItem, SCREEN_ROUTES } from '@ess/contract';

/** Pure rules over the server's menu tree (spec 2 navigation and spec 6 route access). */

export const isScreenRoute = (url: string | null): boolean =>
  url !== null && (SCREEN_ROUTES as readonly string[]).includes(url);

/** Entries that leave the single-page app: large screens and external links. */
export const opensNewWindow = (m: MenuItem): boolean =>
  m.external || isScreenRoute(m.url) || (m.url !== null && isExternalLink(m.url));

const visible = (m: MenuItem): boolean => m.type === 'menu' && !m.hidden;

/** Top navbar entries. */
export const topEntries = (tree: MenuItem[]): MenuItem[] => tree.filter(visible);

/** Visible children of an entry, as the side menu shows them. */
export const childrenOf = (m: MenuItem): MenuItem[] => m.children.filter(visible);

/** Every menu entry in the tree, depth first. */
export const flattenMenu = (tree: MenuItem[]): MenuItem[] =>
  tree.flatMap((m) => (m.type === 'menu' ? [m, ...flattenMenu(m.children)] : []));

/** The first page an entry leads to: itself if it has no children, else its first leaf. */
export function firstLeaf(m: MenuItem): MenuItem {
  const kids = childrenOf(m).filter((c) => !opensNewWindow(c));
  const first = kids[0];
  return first ? firstLeaf(first) : m;
}

/** The top entry whose subtree holds `path`, or null. */
export function topEntryFor(tree: MenuItem[], path: string): MenuItem | null {
  return topEntries(tree).find((t) => flattenMenu([t]).some((m) => m.url === path)) ?? null;
}

export const findByUrl = (tree: MenuItem[], path: string): MenuItem | null =>
  flattenMenu(tree).find((m) => m.url === path) ?? null;

/** Detail pages are reached from their list; picking them in a menu opens the list (spec 2). */
export const DETAIL_REDIRECTS: Record<string, string> = {
  '/task/all-task-detail': '/task/all-task',
  '/operational-inspection/all-task-detail': '/operational-inspection/task',
};

/**
 * Where a click on a top entry goes: its own page if it has no children, else the last
 * remembered sub-page of that entry (if still in the menu), else its first child.
 */
export function topEntryTarget(entry: MenuItem, remembered: string | null): string | null {
  const kids = childrenOf(entry);
  if (kids.length === 0) return entry.url;
  if (remembered && flattenMenu(kids).some((m) => m.url === remembered && !opensNewWindow(m))) return remembered;
  const leaf = firstLeaf(entry).url;
  return leaf ? (DETAIL_REDIRECTS[leaf] ?? leaf) : null;
}

/** Spec 9: the count of top entries that fit is the width divided by 100, minus an offset. */
export function visibleTopCount(width: number, total: number, offset = 6): number {
  const fits = Math.max(1, Math.floor(width / 100) - offset);
  // A More dropdown holding a single entry is pointless: show it instead.
  return fits >= total - 1 ? total : fits;
}

/**
 * Route access by role (spec 6): admin reaches every route, a route without role meta is open
 * to all, others need one of the route's roles.
 */
export function hasRouteAccess(userRoles: readonly string[], routeRoles: readonly string[] | undefined): boolean {
  if (userRoles.includes('admin')) return true;
  if (!routeRoles || routeRoles.length === 0) return true;
  return routeRoles.some((r) => userRoles.includes(r));
}

/** The menu entries the user's roles may open, keeping a parent only when it or a child remains. */
export function filterByRoles(tree: MenuItem[], userRoles: readonly string[]): MenuItem[] {
  return tree.flatMap((m) => {
    if (!hasRouteAccess(userRoles, m.roles)) return [];
    return [{ ...m, children: filterByRoles(m.children, userRoles) }];
  });
}
