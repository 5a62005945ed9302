import { BUILTIN_SYSTEM_MENU_CODES, type Lang, type MenuItem, SCREEN_WINDOW_PAGES } from '@ess/contract';
import type { Db } from '../../../db/client';
import { assertStationInScope, stationIdsInScope } from '../../../kernel/station-scope.service';
import type { SessionUser } from '../../../lib/types';
import type { StationRow } from '../../stations/station';
import { stationRoleCodeAt } from '../station-role';
import { grantedRoleCodes, type MenuRow, pcMenuRows } from './menu.repository';
import { buildMenuTree } from './menu-tree';

const builtinSystemCodes = new Set<string>(BUILTIN_SYSTEM_MENU_CODES);

/** The entry exists for this station: its type and id are allowed (empty lists allow all). */
const appliesTo =
  (station: Pick<StationRow, 'id' | 'type'>) =>
  (m: MenuRow): boolean =>
    (m.stationTypes.length === 0 || m.stationTypes.includes(station.type)) &&
    (m.stationIds.length === 0 || m.stationIds.includes(station.id));

const unrestricted = (m: MenuRow): boolean => m.stationTypes.length === 0 && m.stationIds.length === 0;

const screenPages = new Set<string>(SCREEN_WINDOW_PAGES);

/** The rows of the pages a large-screen window is offered, with the rows above them. */
function screenWindowRows(rows: MenuRow[]): MenuRow[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const kept = new Set<number>();
  for (const r of rows) {
    if (r.type !== 'menu' || r.url === null || !screenPages.has(r.url)) continue;
    for (let at: MenuRow | undefined = r; at && !kept.has(at.id); at = byId.get(at.pid)) kept.add(at.id);
  }
  return rows.filter((r) => kept.has(r.id));
}

export class MenuService {
  constructor(private readonly db: Db) {}

  /** The caller's PC menu tree for a station, or for no station (spec 6). */
  async exclusiveMenu(user: SessionUser, stationId: number | null | undefined, lang: Lang): Promise<MenuItem[]> {
    if (stationId !== null && stationId !== undefined) {
      const station = await assertStationInScope(this.db, user, stationId);
      // At a station where the user holds a station role, that role's menus join their own.
      const extra = user.isAdmin ? null : await stationRoleCodeAt(this.db, user.userId, station.id);
      return this.tree(user, lang, appliesTo(station), extra ? [extra] : []);
    }
    if (user.isAdmin && (await stationIdsInScope(this.db, user)).length === 0) {
      return this.builtinSystemMenu(user, lang);
    }
    // No station chosen: only what does not depend on one.
    return this.tree(user, lang, unrestricted);
  }

  private async tree(
    user: SessionUser,
    lang: Lang,
    keep: (m: MenuRow) => boolean,
    stationRoles: string[] = [],
  ): Promise<MenuItem[]> {
    const roles = user.isAdmin ? null : [...new Set([...user.roles, ...stationRoles])];
    const all = (await pcMenuRows(this.db, roles)).filter(keep);
    const rows = user.screenOnly ? screenWindowRows(all) : all;
    const grants = await grantedRoleCodes(
      this.db,
      rows.map((r) => r.id),
    );
    // The web's route guard matches a row's roles with the user's global roles: a row this user
    // sees through their station role lists their global roles too (for this station only).
    if (stationRoles.length > 0) {
      for (const [id, codes] of grants) {
        if (codes.some((c) => stationRoles.includes(c))) grants.set(id, [...new Set([...codes, ...user.roles])].sort());
      }
    }
    return buildMenuTree(rows, grants, lang);
  }

  /** An admin of a platform without stations still needs to reach system management (spec 6). */
  private async builtinSystemMenu(user: SessionUser, lang: Lang): Promise<MenuItem[]> {
    const tree = await this.tree(user, lang, () => true);
    return tree
      .filter((m) => m.code === 'system')
      .map((m) => ({ ...m, children: m.children.filter((c) => builtinSystemCodes.has(c.code)) }));
  }
}
