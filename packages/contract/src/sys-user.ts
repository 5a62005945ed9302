import { z } from 'zod';
import { rowId } from './ids';
import { pageOf, pageQuery, searchText } from './paging';
import { sealedSecret } from './session';
import { type CheckResult, checkEmail, checkPhone } from './validators';

/**
 * User administration (spec 3 "User (admin form)", issue 13 part 2): login name, real name,
 * nickname, phone, e-mail, sex, roles, organisation, post, enabled, password, plus explicit
 * station grants beyond the organisation (sys_user_station).
 */

export const USER_LIMITS = { username: 32, name: 32, email: 64, phone: 32, roles: 20, stations: 500 } as const;

/** 0 unknown, 1 male, 2 female (dictionary `sex`). */
export const USER_SEXES = [0, 1, 2] as const;
export const userSex = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** The built-in administrator account: never deleted, disabled or stripped of the admin role. */
export const BUILTIN_ADMIN_USERNAME = 'admin';
/** The role every permission belongs to (spec 6). */
export const ADMIN_ROLE_CODE = 'admin';

const userFields = {
  realName: z.string().trim().min(1).max(USER_LIMITS.name),
  nickname: z.string().trim().max(USER_LIMITS.name).nullish(),
  /** Checked by `userProblem` (spec 5 messages), not by the schema, so both sides say the same. */
  phone: z.string().trim().max(USER_LIMITS.phone),
  email: z.string().trim().max(USER_LIMITS.email).nullish(),
  sex: userSex.nullish(),
  /** The user's organisation (department): its subtree's stations under an `org` data scope. */
  deptId: rowId.nullish(),
  postId: rowId.nullish(),
  roleIds: z.array(rowId).min(1).max(USER_LIMITS.roles),
  /** Stations granted beyond the organisation's. */
  stationIds: z.array(rowId).max(USER_LIMITS.stations).default([]),
  enabled: z.boolean().default(true),
};

export const userAddBody = z.object({
  username: z
    .string()
    .trim()
    .min(1)
    .max(USER_LIMITS.username)
    .regex(/^[A-Za-z0-9_.@-]+$/, 'letters, digits and _ . @ -'),
  /** Sealed like the login password (6–18 characters once opened). */
  password: sealedSecret,
  ...userFields,
});
export type UserAddBody = z.infer<typeof userAddBody>;

/** The login name never changes (logs and sessions name it). */
export const userUpdateBody = z.object({ id: rowId, ...userFields });
export type UserUpdateBody = z.infer<typeof userUpdateBody>;

/** Why a user's fields are not acceptable beyond their lengths: the translation key of the message (spec 5). */
export function userProblem(u: { phone: string; email?: string | null }): CheckResult {
  return checkPhone(u.phone) ?? (u.email ? checkEmail(u.email) : null);
}

export const USER_SORTABLE = ['username', 'realName', 'createTime'] as const;
export const userPageBody = pageQuery(USER_SORTABLE, {
  /** Login name, real name or nickname contains. */
  name: searchText(),
  phone: searchText(32),
  deptId: rowId.optional(),
  roleId: rowId.optional(),
  enabled: z.boolean().optional(),
});
export type UserPageBody = z.infer<typeof userPageBody>;

export const sysUserRow = z.object({
  id: z.number().int(),
  username: z.string(),
  realName: z.string().nullable(),
  nickname: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  sex: userSex.nullable(),
  deptId: z.number().int().nullable(),
  deptName: z.string().nullable(),
  postId: z.number().int().nullable(),
  postName: z.string().nullable(),
  roleIds: z.array(z.number().int()),
  roleNames: z.array(z.string()),
  stationIds: z.array(z.number().int()),
  enabled: z.boolean(),
  /** The built-in administrator (no delete, no disable). */
  builtin: z.boolean(),
  /**
   * The caller may change, disable, delete it or set its password: every right the user holds
   * lies within the caller's (docs/architecture.md "Who may grant what").
   */
  manageable: z.boolean(),
  createTime: z.number().int(),
});
export type SysUserRow = z.infer<typeof sysUserRow>;
export const userPage = pageOf(sysUserRow);

export const userIdBody = z.object({ id: rowId });
export const sysUserIdParams = z.object({ id: rowId });
export const userResetPwdBody = z.object({ id: rowId, password: sealedSecret });
export const userStatusBody = z.object({ id: rowId, enabled: z.boolean() });

const option = { id: z.number().int(), name: z.string() };
/**
 * What the user form's selects offer: roles (`grantable`: within what the caller holds),
 * organisations as a pid tree (`placeable`: it and everything below it in the caller's data
 * scope), posts, stations in the caller's scope.
 */
export const userOptions = z.object({
  roles: z.array(z.object({ ...option, code: z.string(), enabled: z.boolean(), grantable: z.boolean() })),
  orgs: z.array(z.object({ ...option, pid: z.number().int(), placeable: z.boolean() })),
  posts: z.array(z.object({ ...option, enabled: z.boolean() })),
  stations: z.array(z.object({ ...option, orgId: z.number().int().nullable() })),
});
export type UserOptions = z.infer<typeof userOptions>;
