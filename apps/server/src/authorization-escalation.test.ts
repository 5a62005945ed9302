import type { StationTree } from '@ess/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menus, roles, users } from './db/schema';
import {
  addRole,
  addUser,
  api,
  menuIdsOf,
  orgIdOf,
  sealed,
  stationsOfOrg,
  USER_PASSWORD,
} from './test/access-fixtures';
import { createTestApp, login, type TestContext } from './test/harness';

/**
 * Issue 20 finding 1, the authorisation matrix's escalation paths: delegated administrators —
 * a branch's user manager, role manager, menu maintainer and station-role manager, and one
 * holding user, role and station-role management at once — try every way to give themselves
 * more than they hold. Every path is refused (403, or 404 for what lies outside their data
 * scope), and afterwards each still holds exactly what it held: the same permissions, the same
 * stations, and no device secret.
 */

type Delegate = { name: string; id: number; username: string; token: string; codes: string[] };

let ctx: TestContext;
let admin: string;
let delegates: Delegate[];
let rootOrg: number;
let jsOrg: number;
let gdOrg: number;
let jsStation: number;
let gdStation: number;
/** A role made by the admin with every menu row and data scope `all`. */
let allRole: number;
let adminRole: number;
let operatorRole: number;
/** The Guangdong maintainer: another organisation's user. */
let maintainerId: number;
/** The Jiangsu operator: same organisation, rights the delegates lack. */
let operatorId: number;

const DELEGATE_MENUS: Record<string, string[]> = {
  'user management': ['system.user', 'sys.user.add', 'sys.user.edit', 'sys.user.delete', 'system.user.resetPwd'],
  'role management': ['system.role', 'sys.role.add', 'sys.role.edit', 'sys.role.delete'],
  'menu management': ['system.menu', 'sys.menu.add', 'sys.menu.edit', 'sys.menu.delete'],
  'station-role management': [
    'system.stationRole',
    'sys.stationRole.add',
    'sys.stationRole.edit',
    'sys.stationRole.delete',
  ],
};
DELEGATE_MENUS['user, role and station-role management'] = [
  ...(DELEGATE_MENUS['user management'] ?? []),
  ...(DELEGATE_MENUS['role management'] ?? []),
  ...(DELEGATE_MENUS['station-role management'] ?? []),
];

const userInfo = async (token: string) => {
  const res = await api(ctx.app, token, 'GET', '/api/sys/user/get');
  return res.json().data as { powerList: string[]; roles: string[] };
};
const stationsOf = async (token: string): Promise<number[]> => {
  const res = await api(ctx.app, token, 'POST', '/api/business/station', {});
  const tree = res.json().data as StationTree;
  return tree.flatMap((p) => p.children.map((s) => s.id)).sort((a, b) => a - b);
};
const idOf = async (table: typeof roles, code: string) => {
  const [row] = await ctx.database.db.select({ id: table.id }).from(table).where(eq(table.code, code));
  if (!row) throw new Error(`no ${code}`);
  return row.id;
};
const userIdOf = async (username: string) => {
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no ${username}`);
  return row.id;
};
/** The user as the admin sees it: roles, organisation, station grants. */
const stored = async (id: number) =>
  (await api(ctx.app, admin, 'POST', '/api/sys/user/detail', { id })).json().data as {
    realName: string;
    phone: string;
    deptId: number | null;
    roleIds: number[];
    stationIds: number[];
  };
/** A menu row as the editor loads it (the admin's detail), to send back changed. */
const menuRow = async (code: string) => {
  const [row] = await ctx.database.db.select({ id: menus.id }).from(menus).where(eq(menus.code, code));
  if (!row) throw new Error(`no menu ${code}`);
  const res = await api(ctx.app, admin, 'POST', '/api/sys/menu/detail', { id: row.id });
  return res.json().data as { id: number; perms: string | null; names: Record<string, string> } & Record<
    string,
    unknown
  >;
};
const selfUpdate = async (d: Delegate, change: { roleIds?: number[]; deptId?: number; stationIds?: number[] }) => {
  const me = await stored(d.id);
  return api(ctx.app, d.token, 'PUT', '/api/sys/user/update', {
    id: d.id,
    realName: me.realName,
    phone: me.phone,
    deptId: me.deptId,
    roleIds: me.roleIds,
    stationIds: me.stationIds,
    ...change,
  });
};

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', SIMULATOR: 'off', LOGIN_RATE_PER_MINUTE: '100000' });
  admin = await login(ctx.app, 'admin');
  const db = ctx.database.db;
  [rootOrg, jsOrg, gdOrg] = await Promise.all([orgIdOf(db, 'G'), orgIdOf(db, 'G-JS'), orgIdOf(db, 'G-GD')]);
  [jsStation] = (await stationsOfOrg(db, jsOrg)) as [number];
  [gdStation] = (await stationsOfOrg(db, gdOrg)) as [number];
  const everyMenu = (await db.select({ id: menus.id }).from(menus)).map((m) => m.id);
  allRole = (await addRole(ctx.app, admin, everyMenu, { dataScope: 'all' })).id;
  adminRole = await idOf(roles, 'admin');
  operatorRole = await idOf(roles, 'operator');
  maintainerId = await userIdOf('maintainer');
  operatorId = await userIdOf('operator');
  delegates = [];
  for (const [name, codes] of Object.entries(DELEGATE_MENUS)) {
    const role = await addRole(ctx.app, admin, await menuIdsOf(db, codes), { dataScope: 'org' });
    const user = await addUser(ctx.app, admin, { roleIds: [role.id], deptId: jsOrg });
    delegates.push({ name, ...user, token: await login(ctx.app, user.username, USER_PASSWORD), codes });
  }
});
afterAll(() => ctx?.close());

/** Refused: never a success; 403 (may not), or 404 where the target lies outside the caller's scope. */
const refused = (res: { statusCode: number; body: string }, statuses: number[] = [403]) => {
  expect(statuses, res.body).toContain(res.statusCode);
  const body = JSON.parse(res.body) as { code: number };
  // One code for one meaning: the envelope's code is the HTTP status's.
  expect(body.code).toBe(res.statusCode);
};

describe('delegated administrators cannot escalate', () => {
  it('each tries every path, every path is refused, and each holds what it held', async () => {
    for (const d of delegates) {
      const before = { info: await userInfo(d.token), stations: await stationsOf(d.token) };
      const everyMenu = (await ctx.database.db.select({ id: menus.id }).from(menus)).map((m) => m.id);

      // A role with every menu and data scope "all", and one with only their own rows but "all".
      const own = await menuIdsOf(ctx.database.db, d.codes);
      const wide = await api(ctx.app, d.token, 'POST', '/api/sys/role/add', {
        code: `esc${d.id}a`,
        name: 'everything',
        dataScope: 'all',
        menuIds: everyMenu,
      });
      refused(wide);
      refused(
        await api(ctx.app, d.token, 'POST', '/api/sys/role/add', {
          code: `esc${d.id}b`,
          name: 'own rows, every station',
          dataScope: 'all',
          menuIds: own,
        }),
      );
      refused(
        await api(ctx.app, d.token, 'POST', '/api/sys/role/add', {
          code: `esc${d.id}c`,
          name: 'own rows, another branch',
          dataScope: 'custom',
          orgIds: [gdOrg],
          menuIds: own,
        }),
      );

      // Their own roles, organisation and grants: more roles, the admin role, the root organisation, a station.
      refused(await selfUpdate(d, { roleIds: [...(await stored(d.id)).roleIds, allRole] }));
      refused(await selfUpdate(d, { roleIds: [adminRole] }));
      refused(await selfUpdate(d, { deptId: rootOrg }));
      refused(await selfUpdate(d, { stationIds: [gdStation] }));
      refused(
        await api(ctx.app, d.token, 'PUT', '/api/sys/role/update', {
          id: (await stored(d.id)).roleIds[0],
          name: 'mine, widened',
          dataScope: 'all',
          menuIds: everyMenu,
        }),
      );

      // A new account holding more, whose password they would know.
      refused(
        await api(ctx.app, d.token, 'POST', '/api/sys/user/add', {
          username: `esc${d.id}u`,
          password: await sealed(ctx.app, 'pass-1234'),
          realName: 'sock puppet',
          phone: '13812345678',
          deptId: jsOrg,
          roleIds: [allRole],
        }),
      );
      refused(
        await api(ctx.app, d.token, 'POST', '/api/sys/user/add', {
          username: `esc${d.id}v`,
          password: await sealed(ctx.app, 'pass-1234'),
          realName: 'sock puppet at the top',
          phone: '13812345678',
          deptId: rootOrg,
          roleIds: (await stored(d.id)).roleIds,
        }),
      );

      // Another organisation's user, and a same-organisation user holding more: password, roles.
      refused(
        await api(ctx.app, d.token, 'PUT', '/api/sys/user/resetPwd', {
          id: maintainerId,
          password: await sealed(ctx.app, 'taken-over-1'),
        }),
        [403, 404],
      );
      refused(
        await api(ctx.app, d.token, 'PUT', '/api/sys/user/resetPwd', {
          id: operatorId,
          password: await sealed(ctx.app, 'taken-over-1'),
        }),
      );
      refused(
        await api(ctx.app, d.token, 'PUT', '/api/sys/user/resetPwd', {
          id: d.id,
          password: await sealed(ctx.app, 'x-pass-12'),
        }),
      );

      // A station role for themself, here and in another branch; an admin-only row's permission.
      for (const stationId of [jsStation, gdStation]) {
        refused(
          await api(ctx.app, d.token, 'POST', '/api/sys/stationRole/add', {
            userId: d.id,
            stationId,
            roleId: operatorRole,
          }),
          [403, 404],
        );
      }
      refused(
        await api(ctx.app, d.token, 'POST', '/api/sys/stationRole/add', {
          userId: operatorId,
          stationId: jsStation,
          roleId: allRole,
        }),
      );

      // The permissions of a menu row their own role holds, and a new row carrying a permission.
      const held = await menuRow(d.codes[0] ?? '');
      refused(
        await api(ctx.app, d.token, 'POST', '/api/sys/menu/update', {
          ...held,
          perms: `${held.perms},sys:equipment:credentials`,
        }),
      );
      refused(
        await api(ctx.app, d.token, 'POST', '/api/sys/menu/add', {
          ...held,
          id: undefined,
          code: `esc.${d.id}`,
          pid: held.id,
          type: 'button',
          url: null,
          perms: 'sys:equipment:credentials',
        }),
      );

      // What they hold is what they held; device secrets stay out of reach.
      expect(await userInfo(d.token)).toEqual(before.info);
      expect(await stationsOf(d.token)).toEqual(before.stations);
      refused(await api(ctx.app, d.token, 'POST', '/api/business/device/credentials', { deviceId: 1 }));
      expect(await login(ctx.app, 'maintainer'), 'the maintainer signs in with their own password').toBeTruthy();
    }
  });

  it('a menu maintainer still renames, orders and hides the rows, without touching permissions', async () => {
    const d = delegates.find((x) => x.name === 'menu management') as Delegate;
    const row = await menuRow('system.menu');
    const renamed = { ...row, names: { ...row.names, en_US: 'Menu editor' }, orderNum: 3 };
    const res = await api(ctx.app, d.token, 'POST', '/api/sys/menu/update', renamed);
    expect(res.json()).toMatchObject({ code: 200 });
    expect((await menuRow('system.menu')).perms).toBe(row.perms);
    // An administrator sets the permissions.
    const admins = await api(ctx.app, admin, 'POST', '/api/sys/menu/update', {
      ...renamed,
      perms: `${row.perms},sys:menu:extra`,
    });
    expect(admins.json()).toMatchObject({ code: 200 });
  });

  it('a delegate hands on what they hold, inside their organisation, and manages those users', async () => {
    const d = delegates.find((x) => x.name === 'user, role and station-role management') as Delegate;
    const userRows = await menuIdsOf(ctx.database.db, ['system.user', 'sys.user.edit']);
    const role = await api(ctx.app, d.token, 'POST', '/api/sys/role/add', {
      code: `hand${d.id}`,
      name: 'user editor',
      dataScope: 'org',
      menuIds: userRows,
    });
    expect(role.json()).toMatchObject({ code: 200 });
    const roleId = role.json().data.id as number;
    const made = await api(ctx.app, d.token, 'POST', '/api/sys/user/add', {
      username: `hand${d.id}u`,
      password: await sealed(ctx.app, 'pass-1234'),
      realName: 'junior',
      phone: '13812345678',
      deptId: jsOrg,
      roleIds: [roleId],
      stationIds: [jsStation],
    });
    expect(made.json()).toMatchObject({ code: 200 });
    const junior = made.json().data.id as number;
    const reset = await api(ctx.app, d.token, 'PUT', '/api/sys/user/resetPwd', {
      id: junior,
      password: await sealed(ctx.app, 'pass-5678'),
    });
    expect(reset.json()).toMatchObject({ code: 200 });
    const granted = await api(ctx.app, d.token, 'POST', '/api/sys/stationRole/add', {
      userId: junior,
      stationId: jsStation,
      roleId,
    });
    expect(granted.json()).toMatchObject({ code: 200, data: { manageable: true } });
    // The lists say what the delegate may change: the junior yes, themself and the operator not.
    const page = await api(ctx.app, d.token, 'POST', '/api/sys/user/page', { pageNum: 1, pageSize: 100 });
    const rows = page.json().data.rows as { id: number; manageable: boolean; deptId: number | null }[];
    expect(rows.find((r) => r.id === junior)?.manageable).toBe(true);
    expect(rows.find((r) => r.id === operatorId)?.manageable).toBe(false);
    // Only the delegate's organisation's users are listed.
    expect(rows.every((r) => r.deptId === jsOrg)).toBe(true);
    expect(rows.some((r) => r.id === maintainerId)).toBe(false);
    const options = (await api(ctx.app, d.token, 'GET', '/api/sys/role/options')).json().data as {
      dataScopes: string[];
      menus: { id: number; grantable: boolean }[];
    };
    expect(options.dataScopes).toEqual(['org', 'custom']);
    expect(
      options.menus
        .filter((m) => m.grantable)
        .map((m) => m.id)
        .sort((a, b) => a - b),
    ).toEqual([...(await menuIdsOf(ctx.database.db, ['system', ...d.codes]))].sort((a, b) => a - b));
  });
});
