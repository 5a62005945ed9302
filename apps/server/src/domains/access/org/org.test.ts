import type { OrgNode, OrgOption, SysPost } from '@ess/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menus, orgs, posts, roleMenus, roles, stations, users } from '../../../db/schema';
import { SEED_ORGS, SEED_STATIONS } from '../../../db/seed-data';
import { call, createTestApp, login, type TestContext } from '../../../test/harness';

let ctx: TestContext;
let admin: string;
let operator: string;
let maintainer: string;

async function grant(role: string, perms: string[]) {
  const db = ctx.database.db;
  const [r] = await db.select().from(roles).where(eq(roles.code, role));
  const rows = await db.select({ id: menus.id }).from(menus).where(inArray(menus.perms, perms));
  expect(rows.length).toBe(perms.length);
  await db
    .insert(roleMenus)
    .values(rows.map((m) => ({ roleId: r?.id ?? 0, menuId: m.id })))
    .onConflictDoNothing();
  // Granted behind the app's back: its session cache is told, as the role API does.
  ctx.app.auth.sessionsChanged({ all: true });
}

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', SIMULATOR: 'off' });
  admin = await login(ctx.app, 'admin');
  operator = await login(ctx.app, 'operator');
  maintainer = await login(ctx.app, 'maintainer');
});
afterAll(() => ctx?.close());

const post = (token: string, url: string, payload: object = {}, lang = 'zh_CN') =>
  call(ctx.app, token, 'POST', url, payload, lang);
const put = (token: string, url: string, payload: object, lang = 'zh_CN') =>
  call(ctx.app, token, 'PUT', url, payload, lang);
const del = (token: string, url: string, lang = 'zh_CN') =>
  ctx.app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}`, lang } });

const flatten = <T extends { children: T[] }>(nodes: T[]): T[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);
const tree = async (token = admin) => (await post(token, '/api/sys/org/tree')).json().data as OrgNode[];
const byCode = async (code: string) => flatten(await tree()).find((o) => o.code === code);

describe('organisation tree', () => {
  it('nests the seeded organisations with what belongs to each', async () => {
    const t = await tree();
    expect(t.map((o) => o.code)).toEqual(['G']);
    const children = SEED_ORGS.filter((o) => o.parent === 'G').map((o) => o.code);
    expect(t[0]?.children.map((o) => o.code).sort()).toEqual([...children].sort());
    const js = flatten(t).find((o) => o.code === 'G-JS');
    expect(js?.stationCount).toBe(SEED_STATIONS.filter((s) => s.org === 'G-JS').length);
    const jsUsers = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.deptId, js?.id ?? 0));
    expect(js?.userCount).toBe(jsUsers.length);
  });

  it('adds, refuses a taken code, a bad phone and a missing parent, in the request language', async () => {
    const js = await byCode('G-JS');
    const res = await post(admin, '/api/sys/org/add', {
      pid: js?.id,
      name: '苏州项目部',
      code: 'G-JS-SZ',
      orderNum: 2,
      leader: '周工',
      phone: '13812345678',
    });
    expect(res.statusCode, res.body).toBe(200);
    const made = await byCode('G-JS-SZ');
    expect(made).toMatchObject({ id: res.json().data.id, pid: js?.id, leader: '周工', phone: '13812345678' });
    expect((await byCode('G-JS'))?.children.map((c) => c.code)).toContain('G-JS-SZ');

    const taken = await post(admin, '/api/sys/org/add', { pid: js?.id, name: 'x', code: 'G-JS-SZ' }, 'en_US');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe('The organisation code "G-JS-SZ" is already taken');
    const phone = await post(admin, '/api/sys/org/add', { pid: js?.id, name: 'x', code: 'X1', phone: '138' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().msg).toBe('手机号码长度不为11位');
    const format = await post(admin, '/api/sys/org/add', { pid: js?.id, name: 'x', code: 'X1', phone: '12345678901' });
    expect(format.json().msg).toBe('手机号码格式不正确');
    const orphan = await post(admin, '/api/sys/org/add', { pid: 999_999, name: 'x', code: 'X1' }, 'en_US');
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().msg).toBe('The parent organisation does not exist or is not accessible');
    expect((await post(admin, '/api/sys/org/add', { name: '', code: 'X1' })).statusCode).toBe(400);
    expect(await ctx.database.db.select().from(orgs).where(eq(orgs.code, 'X1'))).toEqual([]);
  });

  it('refuses to move an organisation under itself or a descendant; moves it elsewhere', async () => {
    const g = await byCode('G');
    const sz = await byCode('G-JS-SZ');
    const gd = await byCode('G-GD');
    if (!g || !sz || !gd) throw new Error('seed');
    const fields = (o: OrgNode) => ({ id: o.id, pid: o.pid, name: o.name, code: o.code, orderNum: o.orderNum });
    for (const pid of [sz.id, g.id]) {
      const res = await put(admin, '/api/sys/org/update', { ...fields(g), pid }, 'en_US');
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('An organisation cannot be moved under itself or one of its descendants');
    }
    const res = await put(admin, '/api/sys/org/update', { ...fields(sz), pid: gd.id, name: '苏州项目部（迁）' });
    expect(res.statusCode, res.body).toBe(200);
    const moved = await byCode('G-JS-SZ');
    expect(moved).toMatchObject({ pid: gd.id, name: '苏州项目部（迁）', leader: null });
    const dup = await put(admin, '/api/sys/org/update', { ...fields(sz), pid: gd.id, code: 'G-ZJ' });
    expect(dup.statusCode).toBe(409);
    const missing = await put(admin, '/api/sys/org/update', { ...fields(sz), id: 999_999 });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses to delete an organisation that still holds organisations, stations or users, naming them', async () => {
    const g = await byCode('G');
    const js = await byCode('G-JS');
    const sub = SEED_ORGS.filter((o) => o.parent === 'G').length + 0;
    const root = await del(admin, `/api/sys/org/${g?.id}`, 'en_US');
    expect(root.statusCode).toBe(409);
    expect(root.json().msg).toMatch(
      new RegExp(`^The organisation "${g?.name}" still holds ${sub} child organisation\\(s\\)`),
    );
    const branch = await del(admin, `/api/sys/org/${js?.id}`);
    expect(branch.statusCode).toBe(409);
    expect(branch.json().msg).toBe(
      `组织“${js?.name}”下还有${js?.stationCount} 个电站、${js?.userCount} 个用户，不能删除`,
    );
    // Still there, with its stations.
    expect(
      (
        await ctx.database.db
          .select()
          .from(stations)
          .where(eq(stations.orgId, js?.id ?? 0))
      ).length,
    ).toBe(js?.stationCount);
    const sz = await byCode('G-JS-SZ');
    expect((await del(admin, `/api/sys/org/${sz?.id}`)).statusCode).toBe(200);
    expect(await byCode('G-JS-SZ')).toBeUndefined();
    expect((await del(admin, `/api/sys/org/${sz?.id}`)).statusCode).toBe(404);
  });
});

describe('organisation options and permissions', () => {
  it('serves the select tree to holders of any of the four page permissions only', async () => {
    expect((await post(maintainer, '/api/sys/org/orgTree')).statusCode).toBe(403);
    expect((await post(operator, '/api/sys/org/tree')).statusCode).toBe(403);
    await grant('operator', ['sys:user:query']);
    const res = await post(operator, '/api/sys/org/orgTree');
    expect(res.statusCode).toBe(200);
    // A user of Jiangsu sees their own organisation as the root of what they may pick.
    const opts = res.json().data as OrgOption[];
    expect(opts.map((o) => o.code)).toEqual(['G-JS']);
    expect((await post(operator, '/api/sys/org/tree')).statusCode).toBe(403);
    const all = (await post(admin, '/api/sys/org/orgTree')).json().data as OrgOption[];
    expect(flatten(all).length).toBe((await ctx.database.db.select().from(orgs)).length);
  });

  it('keeps a scoped organisation administrator inside their subtree', async () => {
    await grant('operator', ['sys:org:query', 'sys:org:add', 'sys:org:edit', 'sys:org:delete']);
    const js = await byCode('G-JS');
    const gd = await byCode('G-GD');
    const mine = flatten(await tree(operator)).map((o) => o.code);
    expect(mine).toEqual(['G-JS']);
    const outside = await post(operator, '/api/sys/org/add', { pid: gd?.id, name: 'x', code: 'X2' }, 'en_US');
    expect(outside.statusCode).toBe(400);
    const root = await post(operator, '/api/sys/org/add', { pid: 0, name: 'x', code: 'X2' }, 'en_US');
    expect(root.json().msg).toBe('Only group-wide users may add or move top-level organisations');
    expect((await del(operator, `/api/sys/org/${gd?.id}`)).statusCode).toBe(404);
    const inside = await post(operator, '/api/sys/org/add', { pid: js?.id, name: '常州', code: 'G-JS-CZ' });
    expect(inside.statusCode).toBe(200);
  });
});

describe('posts', () => {
  const page = async (q: object = {}) => {
    const res = await post(admin, '/api/sys/post/page', q);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { rows: SysPost[]; total: number };
  };

  it('adds, lists with search, sort and paging, updates', async () => {
    const before = (await page()).total;
    const made: number[] = [];
    for (const [code, name, orderNum] of [
      ['P-OPS', '运行值班', 3],
      ['P-MNT', '运维检修', 1],
      ['P-MGR', '站长', 2],
    ] as const) {
      const res = await post(admin, '/api/sys/post/add', { code, name, orderNum, remark: `${name}岗` });
      expect(res.statusCode, res.body).toBe(200);
      made.push(res.json().data.id);
    }
    const all = await page({ pageSize: 100 });
    expect(all.total).toBe(before + 3);
    const found = await page({ keyword: 'P-M', orderBy: 'orderNum', order: 'asc' });
    expect(found.rows.map((p) => p.code)).toEqual(['P-MNT', 'P-MGR']);
    const paged = await page({ keyword: 'P-', orderBy: 'code', order: 'desc', pageSize: 1, pageNum: 2 });
    expect(paged.total).toBe(3);
    // P-OPS, P-MNT, P-MGR by code descending: the second page of one is P-MNT.
    expect(paged.rows.map((p) => p.code)).toEqual(['P-MNT']);

    const upd = await put(admin, '/api/sys/post/update', {
      id: made[0],
      code: 'P-OPS',
      name: '运行值班员',
      orderNum: 3,
      enabled: false,
      remark: null,
    });
    expect(upd.statusCode, upd.body).toBe(200);
    const disabled = await page({ enabled: false, keyword: 'P-' });
    expect(disabled.rows).toMatchObject([{ code: 'P-OPS', name: '运行值班员', enabled: false, remark: null }]);
    const taken = await post(admin, '/api/sys/post/add', { code: 'P-OPS', name: 'x' }, 'en_US');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe('The post code "P-OPS" is already taken');
    const dupUpdate = await put(admin, '/api/sys/post/update', { id: made[1], code: 'P-OPS', name: 'x' });
    expect(dupUpdate.statusCode).toBe(409);
    const options = (await post(admin, '/api/sys/post/options')).json().data as { code: string }[];
    expect(options.map((o) => o.code)).toEqual(expect.arrayContaining(['P-OPS', 'P-MNT', 'P-MGR']));
  });

  it('refuses to delete a post users hold; deletes a free one', async () => {
    const [p] = await ctx.database.db.select().from(posts).where(eq(posts.code, 'P-MNT'));
    await ctx.database.db.update(users).set({ postId: p?.id }).where(eq(users.username, 'maintainer'));
    const held = await del(admin, `/api/sys/post/${p?.id}`, 'en_US');
    expect(held.statusCode).toBe(409);
    expect(held.json().msg).toBe('The post "运维检修" is still held by 1 user(s) and cannot be deleted');
    expect((await page({ keyword: 'P-MNT' })).rows[0]?.userCount).toBe(1);
    const [free] = await ctx.database.db.select().from(posts).where(eq(posts.code, 'P-MGR'));
    expect((await del(admin, `/api/sys/post/${free?.id}`)).statusCode).toBe(200);
    expect((await page({ keyword: 'P-MGR' })).total).toBe(0);
    expect((await del(admin, `/api/sys/post/${free?.id}`)).statusCode).toBe(404);
  });

  it('needs the page permission to read and the button permissions to write', async () => {
    expect((await post(maintainer, '/api/sys/post/page')).statusCode).toBe(403);
    expect((await post(maintainer, '/api/sys/post/add', { code: 'Z', name: 'z' })).statusCode).toBe(403);
    await grant('maintainer', ['sys:post:query']);
    expect((await post(maintainer, '/api/sys/post/page')).statusCode).toBe(200);
    expect((await post(maintainer, '/api/sys/post/add', { code: 'Z', name: 'z' })).statusCode).toBe(403);
  });
});
