import { flattenSeedMenu, type MenuItem } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { MENU_ICONS } from '@/components/menu-icons';
import { homePageFlag, homeTarget } from './home-target';
import { filterByRoles, firstLeaf, hasRouteAccess, opensNewWindow, topEntryFor, topEntryTarget } from './menu-model';

let nextId = 1;
function item(url: string, children: MenuItem[] = [], extra: Partial<MenuItem> = {}): MenuItem {
  const id = nextId++;
  return {
    id,
    code: url.replaceAll('/', '.').slice(1) || 'root',
    name: url,
    perms: null,
    url,
    urlApp: null,
    icon: null,
    iconApp: null,
    pid: 0,
    pidName: null,
    orderNum: id,
    type: 'menu',
    show: 'all',
    color: null,
    status: 1,
    hidden: false,
    isConfig: false,
    external: false,
    component: null,
    roles: [],
    stationTypes: [],
    stationList: [],
    createTime: '',
    updateTime: '',
    children: children.map((c) => ({ ...c, pid: id })),
    ...extra,
  };
}

const tree = () => [
  item('/surveillance', [item('/surveillance/site-homepage'), item('/surveillance/battery-analysis')]),
  item('/alarm', [item('/alarm/realtime', [], { roles: ['operator'] }), item('/alarm/history')], {
    roles: ['operator'],
  }),
  item('/large-screen', [item('/screen', [], { external: true }), item('/common-screen', [], { external: true })]),
  item('/task', [item('/task/all-task-detail'), item('/task/all-task')]),
];

describe('menu navigation rules', () => {
  it('finds the top entry holding a path', () => {
    expect(topEntryFor(tree(), '/alarm/history')?.url).toBe('/alarm');
    expect(topEntryFor(tree(), '/nowhere')).toBeNull();
  });

  it('opens a top entry at its remembered sub-page, else its first child', () => {
    const [surveillance] = tree();
    if (!surveillance) throw new Error('fixture');
    expect(topEntryTarget(surveillance, null)).toBe('/surveillance/site-homepage');
    expect(topEntryTarget(surveillance, '/surveillance/battery-analysis')).toBe('/surveillance/battery-analysis');
    // A remembered page that the menu no longer holds is ignored.
    expect(topEntryTarget(surveillance, '/alarm/history')).toBe('/surveillance/site-homepage');
  });

  it('sends a detail page picked from the menu to its list', () => {
    const task = tree()[3];
    if (!task) throw new Error('fixture');
    expect(topEntryTarget(task, null)).toBe('/task/all-task');
  });

  it('treats large screens and external links as new-window entries', () => {
    expect(opensNewWindow(item('/screen'))).toBe(true);
    expect(opensNewWindow(item('https://example.com/x'))).toBe(true);
    expect(opensNewWindow(item('/surveillance/site-homepage'))).toBe(false);
    const screens = tree()[2];
    if (!screens) throw new Error('fixture');
    expect(firstLeaf(screens).url).toBe('/large-screen');
  });
});

describe('route access by role (spec 6)', () => {
  it('lets admin through everywhere, open routes to all, others by role list', () => {
    expect(hasRouteAccess(['admin'], ['maintainer'])).toBe(true);
    expect(hasRouteAccess(['operator'], [])).toBe(true);
    expect(hasRouteAccess(['operator'], undefined)).toBe(true);
    expect(hasRouteAccess(['operator'], ['maintainer', 'operator'])).toBe(true);
    expect(hasRouteAccess(['manager'], ['maintainer', 'operator'])).toBe(false);
  });

  it('filters a tree by roles', () => {
    const urls = (t: MenuItem[]): string[] => t.flatMap((m) => [m.url ?? '', ...urls(m.children)]);
    expect(urls(filterByRoles(tree(), ['manager']))).not.toContain('/alarm/realtime');
    expect(urls(filterByRoles(tree(), ['operator']))).toContain('/alarm/realtime');
    expect(urls(filterByRoles(tree(), ['admin']))).toEqual(urls(tree()));
  });
});

describe('home page flag (spec 4)', () => {
  it('is the index of the top entry holding the home page, or -1', () => {
    expect(homePageFlag(tree())).toBe(0);
    expect(homeTarget(tree())).toBe('/surveillance/site-homepage');
    const noHome = tree().slice(1);
    expect(homePageFlag(noHome)).toBe(-1);
    expect(homeTarget(noHome)).toBe('/alarm/realtime');
  });
});

describe('menu icons', () => {
  it('cover every icon the seeded menu names', () => {
    const missing = flattenSeedMenu()
      .map((m) => m.icon)
      .filter((i): i is string => Boolean(i) && !(i && i in MENU_ICONS));
    expect(missing).toEqual([]);
  });
});
