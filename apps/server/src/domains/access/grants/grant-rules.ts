import { ADMIN_ROLE_CODE, type DataScope } from '@ess/contract';

/**
 * Who may grant what (docs/architecture.md "Who may grant what"; IEC 62443-3-3 SR 2.1, OWASP
 * ASVS 4.1.3): an administrator grants anything; anyone else grants only what they hold —
 * menu and button rows of their own enabled global roles, a data scope inside their own,
 * stations inside their station scope — and changes no user, role or station role holding
 * more. Pure rules over a caller's reach; `grant-reach.ts` loads it.
 */
export type GrantReach = {
  userId: number;
  admin: boolean;
  /** Menu and button rows the caller's enabled global roles grant. */
  menuIds: ReadonlySet<number>;
  /** Organisations whose stations the caller's data scope covers; 'all' for every one. */
  orgs: 'all' | ReadonlySet<number>;
  /** The caller's station scope. */
  stations: 'all' | ReadonlySet<number>;
  /** Every organisation's parent (0 for a root). */
  orgParents: ReadonlyMap<number, number>;
};

export type GrantProblem = 'adminOnly' | 'grantMenus' | 'grantScope' | 'grantStations' | 'grantOrg';

export type RoleGrantShape = {
  code: string;
  dataScope: DataScope;
  menuIds: readonly number[];
  orgIds: readonly number[];
};

/** A user's rights as they are or as a change would leave them. */
export type UserGrantShape = {
  deptId: number | null;
  groupWide: boolean;
  roles: readonly RoleGrantShape[];
  stationIds: readonly number[];
  stationRoles: readonly { stationId: number; role: RoleGrantShape }[];
};

const inSet = (set: 'all' | ReadonlySet<number>, id: number) => set === 'all' || set.has(id);

/** The organisation and everything below it. */
export function orgSubtree(parents: ReadonlyMap<number, number>, rootId: number): number[] {
  const children = new Map<number, number[]>();
  for (const [id, pid] of parents) {
    if (id === pid) continue;
    const list = children.get(pid);
    if (list) list.push(id);
    else children.set(pid, [id]);
  }
  const out: number[] = [];
  const seen = new Set<number>();
  const stack = [rootId];
  while (stack.length) {
    const id = stack.pop() as number;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

/**
 * A user may be placed in an organisation when it and everything below it lie in the caller's
 * data scope: an `org` data scope, and administering organisations, reach that whole subtree.
 * No organisation is placeable only for callers who see every organisation.
 */
export function orgPlaceable(reach: GrantReach, deptId: number | null): boolean {
  if (reach.admin || reach.orgs === 'all') return true;
  if (deptId === null || !reach.orgParents.has(deptId)) return false;
  const orgs = reach.orgs;
  return orgSubtree(reach.orgParents, deptId).every((id) => orgs.has(id));
}

/** The menu rows (and the admin role) only: what a role grants at a station through a station role. */
export function menusProblem(reach: GrantReach, role: RoleGrantShape): GrantProblem | null {
  if (reach.admin) return null;
  if (role.code === ADMIN_ROLE_CODE) return 'adminOnly';
  return role.menuIds.every((id) => reach.menuIds.has(id)) ? null : 'grantMenus';
}

/** Why the caller may not define (or hand out) this role, or null. `org` is bounded where it is assigned. */
export function roleGrantProblem(reach: GrantReach, role: RoleGrantShape): GrantProblem | null {
  const menus = menusProblem(reach, role);
  if (menus || reach.admin) return menus;
  if (role.dataScope === 'all' && reach.orgs !== 'all') return 'grantScope';
  if (role.dataScope === 'custom' && !role.orgIds.every((o) => inSet(reach.orgs, o))) return 'grantScope';
  return null;
}

/** Why a user holding these rights lies beyond the caller (to create, change or manage), or null. */
export function userGrantProblem(reach: GrantReach, u: UserGrantShape): GrantProblem | null {
  if (reach.admin) return null;
  for (const role of u.roles) {
    const p = roleGrantProblem(reach, role);
    if (p) return p;
  }
  for (const sr of u.stationRoles) {
    const p = menusProblem(reach, sr.role);
    if (p) return p;
  }
  if (u.groupWide && reach.orgs !== 'all') return 'grantScope';
  if (!orgPlaceable(reach, u.deptId)) return 'grantOrg';
  const stations = [...u.stationIds, ...u.stationRoles.map((s) => s.stationId)];
  if (!stations.every((s) => inSet(reach.stations, s))) return 'grantStations';
  return null;
}

/** A station role's grant: the station in the caller's scope and the role's rows held by the caller. */
export function stationRoleGrantProblem(
  reach: GrantReach,
  stationId: number,
  role: RoleGrantShape,
): GrantProblem | null {
  const p = menusProblem(reach, role);
  if (p) return p;
  return inSet(reach.stations, stationId) ? null : 'grantStations';
}

/** Data scopes the caller may give a role. */
export function grantableScopes(reach: GrantReach): DataScope[] {
  return reach.admin || reach.orgs === 'all' ? ['all', 'org', 'custom'] : ['org', 'custom'];
}
