import { fullMenuNames, type Lang, type MenuAdminNode, type MenuAdminRow } from '@ess/contract';
import type { MenuRow } from './menu.repository';
import { localName } from './menu-tree';

/** A stored row as the editor sees it. */
export function toAdminRow(row: MenuRow, lang: Lang, builtIn: ReadonlySet<string>): MenuAdminRow {
  return {
    id: row.id,
    pid: row.pid,
    code: row.code,
    name: localName(row, lang),
    names: fullMenuNames(row.names),
    type: row.type,
    perms: row.perms,
    url: row.url,
    urlApp: row.urlApp,
    icon: row.icon,
    iconApp: row.iconApp,
    method: row.method,
    orderNum: row.orderNum,
    show: row.show,
    color: row.color,
    status: row.status,
    hidden: row.hidden,
    external: row.external,
    isConfig: row.isConfig,
    component: row.component,
    stationTypes: row.stationTypes,
    stationIds: row.stationIds,
    builtIn: builtIn.has(row.code),
    createTime: row.createTime.toISOString(),
    updateTime: row.updateTime.toISOString(),
  };
}

/**
 * Every row nested under its parent, in the order given (orderNum, id). A row whose parent is
 * missing (left by SQL outside the API) is shown at the root, so an administrator can still
 * reach it.
 */
export function buildAdminTree(rows: MenuRow[], lang: Lang, builtIn: ReadonlySet<string>): MenuAdminNode[] {
  const ids = new Set(rows.map((r) => r.id));
  const byPid = new Map<number, MenuRow[]>();
  for (const r of rows) {
    const pid = ids.has(r.pid) && r.pid !== r.id ? r.pid : 0;
    byPid.set(pid, [...(byPid.get(pid) ?? []), r]);
  }
  const seen = new Set<number>();
  const build = (parent: MenuRow | null): MenuAdminNode[] =>
    (byPid.get(parent?.id ?? 0) ?? []).flatMap((row) => {
      // A cycle written by SQL outside the API must not recurse for ever.
      if (seen.has(row.id)) return [];
      seen.add(row.id);
      return [
        {
          ...toAdminRow(row, lang, builtIn),
          pidName: parent ? localName(parent, lang) : null,
          children: build(row),
        },
      ];
    });
  return build(null);
}
