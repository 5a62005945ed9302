import type { Lang, MenuItem } from '@ess/contract';
import type { MenuRow } from './menu.repository';

/** The row's name in `lang`, falling back to the row's `name`. */
export const localName = (row: Pick<MenuRow, 'name' | 'names'>, lang: Lang): string => row.names[lang] || row.name;

/**
 * Nests visible rows under their parents, starting at the roots (pid 0). A row whose parent is
 * not among `rows` is never reached, so an entry hidden by a rule hides its whole branch.
 * Rows must come ordered (orderNum, id); children keep that order.
 */
export function buildMenuTree(rows: MenuRow[], grants: Map<number, string[]>, lang: Lang): MenuItem[] {
  const byPid = new Map<number, MenuRow[]>();
  for (const r of rows) byPid.set(r.pid, [...(byPid.get(r.pid) ?? []), r]);

  const build = (parent: MenuRow | null): MenuItem[] =>
    (byPid.get(parent?.id ?? 0) ?? []).map((row) => ({
      id: row.id,
      code: row.code,
      name: localName(row, lang),
      perms: row.perms,
      url: row.url,
      urlApp: row.urlApp,
      icon: row.icon,
      iconApp: row.iconApp,
      pid: row.pid,
      pidName: parent ? localName(parent, lang) : null,
      orderNum: row.orderNum,
      type: row.type,
      show: row.show,
      color: row.color,
      status: row.status,
      hidden: row.hidden,
      isConfig: row.isConfig,
      external: row.external,
      component: row.component,
      // The web's route guard lets admin through everywhere (spec 6), so admin is always listed.
      roles: ['admin', ...(grants.get(row.id) ?? []).filter((c) => c !== 'admin')],
      stationTypes: row.stationTypes,
      stationList: row.stationIds,
      createTime: row.createTime.toISOString(),
      updateTime: row.updateTime.toISOString(),
      children: build(row),
    }));
  return build(null);
}
