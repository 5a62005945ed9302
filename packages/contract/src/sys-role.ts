import { z } from 'zod';
import { rowId } from './ids';
import { pageOf, pageQuery, searchText } from './paging';

/**
 * Roles (spec 3 "Role", issue 13 part 3): name, code, description, enabled, the menu and button
 * rows they grant, and their data scope — which stations their users see:
 * `all` every station of the group, `org` the user's organisation subtree, `custom` the
 * stations of the chosen organisations (exactly those, not their subtrees: the form's tree
 * checks children itself). A user's scope is the union over their enabled roles, plus
 * explicit station grants and station roles.
 */

export const DATA_SCOPES = ['all', 'org', 'custom'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];

export const ROLE_LIMITS = { code: 32, name: 32, description: 200, menus: 2000, orgs: 500 } as const;

const roleFields = {
  name: z.string().trim().min(1).max(ROLE_LIMITS.name),
  description: z.string().trim().max(ROLE_LIMITS.description).nullish(),
  enabled: z.boolean().default(true),
  dataScope: z.enum(DATA_SCOPES).default('org'),
  /** Menu and button rows granted; a child's parents are granted with it. At least one menu (`roleProblem`). */
  menuIds: z.array(rowId).max(ROLE_LIMITS.menus),
  /** Organisations whose stations a `custom` scope covers (ignored otherwise). */
  orgIds: z.array(rowId).max(ROLE_LIMITS.orgs).default([]),
};

export const roleAddBody = z.object({
  code: z
    .string()
    .trim()
    .min(1)
    .max(ROLE_LIMITS.code)
    .regex(/^[A-Za-z][A-Za-z0-9_:-]*$/, 'a letter, then letters, digits and _ : -'),
  ...roleFields,
});
export type RoleAddBody = z.infer<typeof roleAddBody>;
/** The code never changes (built-in grants and sessions name roles by code). */
export const roleUpdateBody = z.object({ id: rowId, ...roleFields });
export type RoleUpdateBody = z.infer<typeof roleUpdateBody>;

export type RoleProblem = 'menusRequired' | 'orgsRequired';

/**
 * Rules between fields, the same on the server and in the form: at least one menu row among
 * `menuIds` (spec 5 "please authorise menus"; `isMenu` tells menus from buttons) and at least
 * one organisation for a `custom` scope.
 */
export function roleProblem(
  r: { menuIds: readonly number[]; dataScope: DataScope; orgIds: readonly number[] },
  isMenu: (id: number) => boolean,
): RoleProblem | null {
  if (!r.menuIds.some(isMenu)) return 'menusRequired';
  if (r.dataScope === 'custom' && r.orgIds.length === 0) return 'orgsRequired';
  return null;
}

export const ROLE_SORTABLE = ['code', 'name', 'createTime'] as const;
export const rolePageBody = pageQuery(ROLE_SORTABLE, {
  /** Name or code contains. */
  name: searchText(),
  enabled: z.boolean().optional(),
});
export type RolePageBody = z.infer<typeof rolePageBody>;

export const roleRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  enabled: z.boolean(),
  dataScope: z.enum(DATA_SCOPES),
  /** Users holding it, globally or at a station. */
  userCount: z.number().int(),
  /** The admin role: every permission, never deleted or disabled. */
  builtin: z.boolean(),
  /**
   * The caller may change, disable or delete it: an administrator, or a caller who does not
   * hold it and holds everything it grants (docs/architecture.md "Who may grant what").
   */
  manageable: z.boolean(),
  createTime: z.number().int(),
});
export type RoleRow = z.infer<typeof roleRow>;
export const rolePage = pageOf(roleRow);

export const roleDetail = roleRow.extend({
  menuIds: z.array(z.number().int()),
  orgIds: z.array(z.number().int()),
});
export type RoleDetail = z.infer<typeof roleDetail>;

export const roleIdBody = z.object({ id: rowId });
export const roleIdParams = z.object({ id: rowId });
export const roleStatusBody = z.object({ id: rowId, enabled: z.boolean() });

/**
 * Every menu and button row (names in the request's language) and the organisations, for the
 * role form; `grantable` marks what the caller may give (what they hold, their data scope), and
 * `dataScopes` the scopes they may choose.
 */
export const roleOptions = z.object({
  menus: z.array(
    z.object({
      id: z.number().int(),
      pid: z.number().int(),
      code: z.string(),
      name: z.string(),
      type: z.enum(['menu', 'button']),
      perms: z.string().nullable(),
      grantable: z.boolean(),
    }),
  ),
  orgs: z.array(z.object({ id: z.number().int(), pid: z.number().int(), name: z.string(), grantable: z.boolean() })),
  dataScopes: z.array(z.enum(DATA_SCOPES)),
});
export type RoleOptions = z.infer<typeof roleOptions>;

/**
 * Station roles (/system/station-role): a user's role at one station, one per user and
 * station. The station joins the user's scope; at that station the user also has the role's
 * menus, and calls naming that station are allowed by the role's permissions.
 */
export const stationRoleBody = z.object({ userId: rowId, stationId: rowId, roleId: rowId });
export type StationRoleBody = z.infer<typeof stationRoleBody>;
export const stationRoleUpdateBody = stationRoleBody.extend({ id: rowId });
export type StationRoleUpdateBody = z.infer<typeof stationRoleUpdateBody>;

export const STATION_ROLE_SORTABLE = ['username', 'stationName', 'roleName', 'createTime'] as const;
export const stationRolePageBody = pageQuery(STATION_ROLE_SORTABLE, {
  /** Login or real name contains. */
  name: searchText(),
  stationId: rowId.optional(),
  roleId: rowId.optional(),
});
export type StationRolePageBody = z.infer<typeof stationRolePageBody>;

export const stationRoleRow = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  realName: z.string().nullable(),
  stationId: z.number().int(),
  stationName: z.string(),
  roleId: z.number().int(),
  roleName: z.string(),
  roleEnabled: z.boolean(),
  /** The caller may change or remove it: not their own, and a role whose rows they hold. */
  manageable: z.boolean(),
  createTime: z.number().int(),
});
export type StationRoleRow = z.infer<typeof stationRoleRow>;
export const stationRolePage = pageOf(stationRoleRow);
export const stationRoleIdParams = z.object({ id: rowId });

/**
 * The station-role form's selects: users (not the caller: nobody gives themself a station role),
 * stations in the caller's scope, roles (`grantable`: the caller holds every row it grants).
 */
export const stationRoleOptions = z.object({
  users: z.array(z.object({ id: z.number().int(), username: z.string(), realName: z.string().nullable() })),
  stations: z.array(z.object({ id: z.number().int(), name: z.string() })),
  roles: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      name: z.string(),
      enabled: z.boolean(),
      grantable: z.boolean(),
    }),
  ),
});
export type StationRoleOptions = z.infer<typeof stationRoleOptions>;
