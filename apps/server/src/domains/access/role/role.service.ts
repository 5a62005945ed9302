import {
  ADMIN_ROLE_CODE,
  type Lang,
  type RoleAddBody,
  type RoleDetail,
  type RoleOptions,
  type RolePageBody,
  type RoleProblem,
  type RoleRow,
  type RoleUpdateBody,
  roleProblem,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import type { MessageKey } from '../../../i18n/messages';
import { notFound, refusal as refused } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import { GrantGuard, type GrantReach, grantableScopes } from '../grants';
import { localName } from '../menu';
import type { SessionsChanged } from '../user';
import {
  allMenuRows,
  allOrgs,
  deleteUnheldRole,
  findRole,
  insertRole,
  type RoleGrants,
  roleCodeTaken,
  roleLinks,
  rolePage,
  type StoredRole,
  setRoleEnabled,
  updateRole,
} from './role.repository';

const PROBLEM_KEYS: Record<RoleProblem, MessageKey> = {
  menusRequired: 'roleMenusRequired',
  orgsRequired: 'roleOrgsRequired',
};

/**
 * Roles (/system/role): menu authorisation and data scope. Menus and scope are read from these
 * tables on every call; permissions are cached with the session, so a change of a role drops
 * every cached session and applies to the role's users at their next call. The
 * admin role holds every permission: it is never deleted or disabled and its menu rows are not
 * edited. A role somebody holds (globally or at a station) cannot be deleted. Who is not an
 * administrator grants only rows and a data scope they hold, and changes no role they hold
 * or that grants more than they hold (domains/access/grants).
 */
export class RoleService {
  private readonly guard: GrantGuard;

  constructor(
    private readonly db: Db,
    private readonly sessionsChanged: SessionsChanged,
  ) {
    this.guard = new GrantGuard(db);
  }

  async page(caller: SessionUser, b: RolePageBody, lang: Lang): Promise<{ rows: RoleRow[]; total: number }> {
    const [page, reach] = await Promise.all([rolePage(this.db, b, ADMIN_ROLE_CODE, lang), this.guard.reach(caller)]);
    return { ...page, rows: await this.marked(reach, page.rows) };
  }

  async detail(caller: SessionUser, id: number, lang: Lang): Promise<RoleDetail> {
    const [role] = await this.marked(await this.guard.reach(caller), [await this.find(id, lang)]);
    if (!role) throw notFound('roleNotFound');
    const links = await roleLinks(this.db, id);
    const menuIds = role.builtin ? (await allMenuRows(this.db)).map((m) => m.id) : links.menuIds;
    return { ...role, menuIds, orgIds: links.orgIds };
  }

  async options(caller: SessionUser, lang: Lang): Promise<RoleOptions> {
    const [menus, orgs, reach] = await Promise.all([
      allMenuRows(this.db),
      allOrgs(this.db, lang),
      this.guard.reach(caller),
    ]);
    return {
      menus: menus.map(({ names, ...m }) => ({
        ...m,
        name: localName({ name: m.name, names }, lang),
        grantable: reach.admin || reach.menuIds.has(m.id),
      })),
      orgs: orgs.map((o) => ({ ...o, grantable: reach.orgs === 'all' || reach.orgs.has(o.id) })),
      dataScopes: grantableScopes(reach),
    };
  }

  async add(caller: SessionUser, b: RoleAddBody): Promise<{ id: number }> {
    const grants = await this.grants(b);
    this.guard.assertRoleGrantable(await this.guard.reach(caller), { ...b, ...grants, menuIds: grants.menuIds ?? [] });
    if (await roleCodeTaken(this.db, b.code)) throw refused('roleCodeTaken', 409, { code: b.code });
    const id = await insertRole(this.db, { ...fields(b), code: b.code }, grants);
    if (id === null) throw refused('roleCodeTaken', 409, { code: b.code });
    return { id };
  }

  async update(caller: SessionUser, b: RoleUpdateBody, lang: Lang): Promise<null> {
    const role = await this.find(b.id, lang);
    if (role.builtin && !b.enabled) throw refused('roleBuiltinAdmin');
    const reach = await this.guard.reach(caller);
    await this.guard.assertRoleManageable(reach, b.id);
    const grants = await this.grants(b);
    this.guard.assertRoleGrantable(reach, { ...b, code: role.code, ...grants, menuIds: grants.menuIds ?? [] });
    // Texts sent back as shown in this language keep the stored ones and their translations; a
    // changed text is what the user typed, in every language.
    const { name, description, ...rest } = fields(b);
    const changed = {
      ...(name !== role.name && { name, names: {} }),
      ...(description !== role.description && { description, descriptions: {} }),
    };
    await updateRole(this.db, b.id, { ...rest, ...changed }, role.builtin ? { ...grants, menuIds: null } : grants);
    this.sessionsChanged({ all: true });
    return null;
  }

  async setEnabled(caller: SessionUser, id: number, enabled: boolean): Promise<null> {
    const role = await this.find(id);
    if (role.builtin && !enabled) throw refused('roleBuiltinAdmin');
    await this.guard.assertRoleManageable(await this.guard.reach(caller), id);
    await setRoleEnabled(this.db, id, enabled);
    this.sessionsChanged({ all: true });
    return null;
  }

  async remove(caller: SessionUser, id: number): Promise<null> {
    const role = await this.find(id);
    if (role.builtin) throw refused('roleBuiltinAdmin');
    await this.guard.assertRoleManageable(await this.guard.reach(caller), id);
    if (role.userCount > 0 || !(await deleteUnheldRole(this.db, id))) {
      const now = await this.find(id);
      throw refused('roleInUse', 409, { count: now.userCount });
    }
    return null;
  }

  // Callers that show no text take the default language.
  private async find(id: number, lang: Lang = 'zh_CN'): Promise<StoredRole> {
    const row = await findRole(this.db, id, ADMIN_ROLE_CODE, lang);
    if (!row) throw notFound('roleNotFound');
    return row;
  }

  /** Rows with whether the caller may change them. */
  private async marked(reach: GrantReach, rows: StoredRole[]): Promise<RoleRow[]> {
    const ok = await this.guard.manageableRoles(
      reach,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({ ...r, manageable: ok.has(r.id) }));
  }

  /**
   * The menu rows to grant: every id must exist, and each row's parents are granted with it
   * (a page under an ungranted parent would never show). Then the rules shared with the form:
   * at least one menu, organisations for a custom scope (which must exist).
   */
  private async grants(b: Pick<RoleAddBody, 'menuIds' | 'dataScope' | 'orgIds'>): Promise<RoleGrants> {
    const rows = await allMenuRows(this.db);
    const byId = new Map(rows.map((m) => [m.id, m]));
    const chosen = new Set<number>();
    for (const id of b.menuIds) {
      if (!byId.has(id)) throw notFound('roleMenuNotFound');
      for (let m = byId.get(id); m && !chosen.has(m.id); m = byId.get(m.pid)) chosen.add(m.id);
    }
    const orgIds = b.dataScope === 'custom' ? [...new Set(b.orgIds)] : [];
    const problem = roleProblem(
      { menuIds: [...chosen], dataScope: b.dataScope, orgIds },
      (id) => byId.get(id)?.type === 'menu',
    );
    if (problem) throw refused(PROBLEM_KEYS[problem]);
    if (orgIds.length) {
      const known = new Set((await allOrgs(this.db)).map((o) => o.id));
      if (orgIds.some((o) => !known.has(o))) throw notFound('userOrgNotFound');
    }
    return { menuIds: [...chosen].sort((x, y) => x - y), orgIds };
  }
}

const fields = (b: Pick<RoleAddBody, 'name' | 'description' | 'enabled' | 'dataScope'>) => ({
  name: b.name,
  description: b.description || null,
  enabled: b.enabled,
  dataScope: b.dataScope,
});
