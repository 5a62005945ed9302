import { z } from 'zod';
import {
  roleAddBody,
  roleDetail,
  roleIdBody,
  roleIdParams,
  roleOptions,
  rolePage,
  rolePageBody,
  roleStatusBody,
  roleUpdateBody,
  stationRoleBody,
  stationRoleIdParams,
  stationRoleOptions,
  stationRolePage,
  stationRolePageBody,
  stationRoleRow,
  stationRoleUpdateBody,
} from '../sys-role';
import {
  sysUserIdParams,
  sysUserRow,
  userAddBody,
  userIdBody,
  userOptions,
  userPage,
  userPageBody,
  userResetPwdBody,
  userStatusBody,
  userUpdateBody,
} from '../sys-user';
import { endpointGroup } from './endpoint';

/** Page and button permissions of users, roles and station roles (menu-tree.ts `sys(…)`, `crud(…)`). */
export const ACCESS_PERMS = {
  userQuery: 'sys:user:query',
  userAdd: 'sys:user:add',
  userEdit: 'sys:user:edit',
  userDelete: 'sys:user:delete',
  userResetPwd: 'sys:user:resetPwd',
  roleQuery: 'sys:role:query',
  roleAdd: 'sys:role:add',
  roleEdit: 'sys:role:edit',
  roleDelete: 'sys:role:delete',
  stationRoleQuery: 'sys:stationRole:query',
  stationRoleAdd: 'sys:stationRole:add',
  stationRoleEdit: 'sys:stationRole:edit',
  stationRoleDelete: 'sys:stationRole:delete',
} as const;

const P = ACCESS_PERMS;
const read = (perm: string) => ({ perms: [perm] }) as const;
const write = (perm: string) => ({ perms: [perm], mutates: true }) as const;
const created = z.object({ id: z.number().int() });

/** User administration (/system/user). */
export const userAdminApi = /*#__PURE__*/ endpointGroup('user-admin', {
  userPage: {
    method: 'POST',
    path: '/sys/user/page',
    body: userPageBody,
    response: userPage,
    access: read(P.userQuery),
    summary: 'Users: one page, filtered by name, phone, organisation, role and enabled',
  },
  userDetail: {
    method: 'POST',
    path: '/sys/user/detail',
    body: userIdBody,
    response: sysUserRow,
    access: read(P.userQuery),
    summary: 'One user with roles and station grants',
  },
  userOptions: {
    method: 'GET',
    path: '/sys/user/options',
    response: userOptions,
    access: read(P.userQuery),
    summary: 'Roles, organisations, posts and stations (caller scope) the user form offers',
  },
  userAdd: {
    method: 'POST',
    path: '/sys/user/add',
    body: userAddBody,
    response: created,
    access: write(P.userAdd),
    summary: 'Add a user (sealed password 6–18, phone and e-mail rules of spec 5, unique login name)',
    errors: [409],
  },
  userUpdate: {
    method: 'PUT',
    path: '/sys/user/update',
    body: userUpdateBody,
    response: z.null(),
    access: write(P.userEdit),
    summary: 'Change a user (not the login name or password); disabling ends their sessions',
  },
  userStatus: {
    method: 'PUT',
    path: '/sys/user/status',
    body: userStatusBody,
    response: z.null(),
    access: write(P.userEdit),
    summary: 'Enable or disable a user; a disabled user’s sessions end at once. Not oneself',
  },
  userResetPwd: {
    method: 'PUT',
    path: '/sys/user/resetPwd',
    body: userResetPwdBody,
    response: z.null(),
    access: write(P.userResetPwd),
    summary: 'Set a user’s password (sealed, 6–18); their sessions end',
  },
  userDelete: {
    method: 'DELETE',
    path: '/sys/user/:id',
    params: sysUserIdParams,
    response: z.null(),
    access: write(P.userDelete),
    summary: 'Delete a user with their sessions, roles and grants. Not oneself, not the built-in admin',
  },
});

/** Roles with menu authorisation and data scope (/system/role). */
export const roleApi = /*#__PURE__*/ endpointGroup('role', {
  rolePage: {
    method: 'POST',
    path: '/sys/role/page',
    body: rolePageBody,
    response: rolePage,
    access: read(P.roleQuery),
    summary: 'Roles: one page, filtered by name or code and enabled',
  },
  roleDetail: {
    method: 'POST',
    path: '/sys/role/detail',
    body: roleIdBody,
    response: roleDetail,
    access: read(P.roleQuery),
    summary: 'One role with its menu rows and custom-scope organisations',
  },
  roleOptions: {
    method: 'GET',
    path: '/sys/role/options',
    response: roleOptions,
    access: read(P.roleQuery),
    summary: 'Every menu and button row and every organisation, for the role form',
  },
  roleAdd: {
    method: 'POST',
    path: '/sys/role/add',
    body: roleAddBody,
    response: created,
    access: write(P.roleAdd),
    summary: 'Add a role (unique code, at least one menu)',
    errors: [409],
  },
  roleUpdate: {
    method: 'PUT',
    path: '/sys/role/update',
    body: roleUpdateBody,
    response: z.null(),
    access: write(P.roleEdit),
    summary: 'Change a role; its users have the new menus and permissions on their next call',
  },
  roleStatus: {
    method: 'PUT',
    path: '/sys/role/status',
    body: roleStatusBody,
    response: z.null(),
    access: write(P.roleEdit),
    summary: 'Enable or disable a role (a disabled role grants nothing). Not the admin role',
  },
  roleDelete: {
    method: 'DELETE',
    path: '/sys/role/:id',
    params: roleIdParams,
    response: z.null(),
    access: write(P.roleDelete),
    summary: 'Delete a role no user holds (globally or at a station). Not the admin role',
    errors: [409],
  },
});

/** A user's role at one station (/system/station-role). */
export const stationRoleApi = /*#__PURE__*/ endpointGroup('station-role', {
  stationRolePage: {
    method: 'POST',
    path: '/sys/stationRole/page',
    body: stationRolePageBody,
    response: stationRolePage,
    access: read(P.stationRoleQuery),
    summary: 'Station roles at stations in the caller’s scope: one page',
  },
  stationRoleOptions: {
    method: 'GET',
    path: '/sys/stationRole/options',
    response: stationRoleOptions,
    access: read(P.stationRoleQuery),
    summary: 'Users, stations (caller scope) and roles the station-role form offers',
  },
  stationRoleAdd: {
    method: 'POST',
    path: '/sys/stationRole/add',
    body: stationRoleBody,
    response: stationRoleRow,
    // Not `access.station`: a station role must not let its holder hand out station roles there.
    access: write(P.stationRoleAdd),
    summary: 'Give a user a role at a station (one per user and station)',
    errors: [409],
  },
  stationRoleUpdate: {
    method: 'PUT',
    path: '/sys/stationRole/update',
    body: stationRoleUpdateBody,
    response: z.null(),
    access: write(P.stationRoleEdit),
    summary: 'Change a station role',
    errors: [409],
  },
  stationRoleDelete: {
    method: 'DELETE',
    path: '/sys/stationRole/:id',
    params: stationRoleIdParams,
    response: z.null(),
    access: write(P.stationRoleDelete),
    summary: 'Remove a station role',
  },
});
