import { ResultCode, type StationAdmin, type StationBody, type StationTree } from '@ess/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, menus, orgs, roleMenus, roles, stations } from '../../../db/schema';
import { SEED_STATIONS } from '../../../db/seed-data';
import { stationLogos } from '../../../db/station-admin-schema';
import { call, createTestApp, login, stationIdLookup, type TestContext } from '../../../test/harness';

let ctx: TestContext;
let admin: string;
let operator: string;
let maintainer: string;
let sid: (code: string) => number;
let orgId: (code: string) => number;

/** Grants a seeded role the menu rows carrying these permissions (as an administrator would). */
async function grant(role: string, perms: string[]) {
  const db = ctx.database.db;
  const [r] = await db.select().from(roles).where(eq(roles.code, role));
  const rows = await db.select({ id: menus.id }).from(menus).where(inArray(menus.perms, perms));
  expect(rows.length).toBe(perms.length);
  await db
    .insert(roleMenus)
    .values(rows.map((m) => ({ roleId: r?.id ?? 0, menuId: m.id })))
    .onConflictDoNothing();
}

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', SIMULATOR: 'off' });
  admin = await login(ctx.app, 'admin');
  operator = await login(ctx.app, 'operator');
  maintainer = await login(ctx.app, 'maintainer');
  sid = await stationIdLookup(ctx.database.db);
  const orgRows = await ctx.database.db.select().from(orgs);
  orgId = (code) => orgRows.find((o) => o.code === code)?.id ?? 0;
  // The operator (organisation G-JS) administers the stations of their scope.
  await grant('operator', ['sys:department:query', 'sys:station:add', 'sys:station:edit', 'sys:station:delete']);
});
afterAll(() => ctx?.close());

const body = (over: Partial<StationBody> = {}): StationBody => ({
  code: 'T-BJ01',
  name: '北京测试储能站',
  address: '北京市海淀区中关村大街 1 号',
  provinceCode: '11',
  city: '北京市',
  ratedPowerKw: 1500,
  capacityKwh: 3010.5,
  gridConnectionTime: '2025-03-01',
  type: 'proposed',
  longitude: 116.3,
  latitude: 39.98,
  contact: '赵工',
  phone: '13912345678',
  orgId: orgId('G'),
  timezone: 'Asia/Shanghai',
  showWeather: false,
  forceChinese: true,
  ...over,
});

const post = (token: string, url: string, payload?: object, lang = 'zh_CN') =>
  call(ctx.app, token, 'POST', url, payload ?? {}, lang);
const put = (token: string, payload: object, lang = 'zh_CN') =>
  call(ctx.app, token, 'PUT', '/api/business/station/update', payload, lang);
const del = (token: string, url: string, lang = 'zh_CN') =>
  ctx.app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}`, lang } });
const page = async (token: string, q: object) => {
  const res = await post(token, '/api/business/station/page', q);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { rows: StationAdmin[]; total: number };
};
const treeCodes = async (token: string) =>
  ((await post(token, '/api/business/station')).json().data as StationTree).flatMap((p) =>
    p.children.map((s) => s.code),
  );

async function add(token: string, b: StationBody): Promise<number> {
  const res = await post(token, '/api/business/station/add', b);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

describe('POST /api/business/station/page', () => {
  it('lists every station to the administrator, with organisation and device count', async () => {
    const all = await page(admin, { pageNum: 1, pageSize: 200 });
    expect(all.total).toBe(SEED_STATIONS.length);
    const sz = all.rows.find((s) => s.code === 'JS-SZ01');
    const [devs] = await Promise.all([
      ctx.database.db
        .select()
        .from(devices)
        .where(eq(devices.stationId, sid('JS-SZ01'))),
    ]);
    expect(sz).toMatchObject({ orgName: '江苏分公司', hasLogo: false, deviceCount: devs?.length ?? -1 });
  });

  it('pages, sorts and filters by name, type, organisation subtree and province', async () => {
    const byCap = [...SEED_STATIONS].sort((a, b) => b.capacityKwh - a.capacityKwh || 0);
    const first = await page(admin, { pageNum: 1, pageSize: 2, orderBy: 'capacityKwh', order: 'desc' });
    expect(first.total).toBe(SEED_STATIONS.length);
    expect(first.rows.map((r) => r.capacityKwh)).toEqual(byCap.slice(0, 2).map((s) => s.capacityKwh));
    const second = await page(admin, { pageNum: 2, pageSize: 2, orderBy: 'capacityKwh', order: 'desc' });
    expect(second.rows.map((r) => r.capacityKwh)).toEqual(byCap.slice(2, 4).map((s) => s.capacityKwh));

    const named = await page(admin, { name: '苏州' });
    expect(named.rows.map((r) => r.code)).toEqual(
      SEED_STATIONS.filter((s) => s.name.includes('苏州')).map((s) => s.code),
    );
    const building = await page(admin, { type: 'construction', pageSize: 50 });
    expect(building.rows.map((r) => r.code).sort()).toEqual(
      SEED_STATIONS.filter((s) => s.type === 'construction')
        .map((s) => s.code)
        .sort(),
    );
    const gd = await page(admin, { provinceCode: '44', pageSize: 50 });
    expect(gd.total).toBe(SEED_STATIONS.filter((s) => s.provinceCode === '44').length);
    // The group organisation holds every station through its subtree.
    expect((await page(admin, { orgId: orgId('G') })).total).toBe(SEED_STATIONS.length);
    expect((await page(admin, { orgId: orgId('G-ZJ'), pageSize: 50 })).rows.map((r) => r.code).sort()).toEqual(
      SEED_STATIONS.filter((s) => s.org === 'G-ZJ')
        .map((s) => s.code)
        .sort(),
    );
  });

  it('shows a scoped user only their stations, and refuses callers without the page permission', async () => {
    const mine = await page(operator, { pageSize: 50 });
    expect(mine.rows.map((r) => r.code).sort()).toEqual((await treeCodes(operator)).sort());
    expect(mine.rows.every((r) => r.code.startsWith('JS-'))).toBe(true);
    const denied = await post(maintainer, '/api/business/station/page', {}, 'en_US');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().msg).toBe('No permission for this page');
  });

  it('refuses unknown sort columns', async () => {
    expect((await post(admin, '/api/business/station/page', { orderBy: 'phone' })).statusCode).toBe(400);
  });
});

describe('station add, detail, update, delete', () => {
  it('adds a station with every field, shows it in the detail and at once in the station tree', async () => {
    const b = body();
    const id = await add(admin, b);
    const res = await post(admin, `/api/business/station/${id}`);
    expect(res.statusCode).toBe(200);
    const d = res.json().data as StationAdmin;
    const { orgId: org, ...fields } = b;
    expect(d).toMatchObject({ ...fields, orgId: org, id, province: '北京市', orgName: '华储能源集团', deviceCount: 0 });
    expect(await treeCodes(admin)).toContain(b.code);
  });

  it('answers the form messages of spec 5 and the field ranges, in the request language', async () => {
    const cases: [Partial<StationBody>, string, string][] = [
      [{ phone: '' }, '手机号码不能为空', 'zh_CN'],
      [{ phone: '1391234' }, '手机号码长度不为11位', 'zh_CN'],
      [{ phone: '23912345678' }, '手机号码格式不正确', 'zh_CN'],
      [{ phone: '1391234' }, 'The phone number must have 11 digits', 'en_US'],
      [{ capacityKwh: 0 }, 'Enter a number greater than 0 and at most 200000000', 'en_US'],
      [{ capacityKwh: 200_000_001 }, 'Enter a number greater than 0 and at most 200000000', 'en_US'],
      [{ ratedPowerKw: -5 }, 'Enter a number greater than 0 and at most 200000000', 'en_US'],
      [{ longitude: 180.5 }, 'Longitude must be between -180 and 180', 'en_US'],
      [{ latitude: -90.01 }, 'Latitude must be between -90 and 90', 'en_US'],
      [{ timezone: 'Mars/Olympus' }, 'Invalid time zone; use an IANA zone name (e.g. Asia/Shanghai)', 'en_US'],
    ];
    for (const [over, msg, lang] of cases) {
      const res = await post(admin, '/api/business/station/add', body({ code: 'T-BAD', ...over }), lang);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    // The largest capacity is accepted.
    const id = await add(admin, body({ code: 'T-MAX', capacityKwh: 200_000_000, longitude: -180, latitude: 90 }));
    expect((await post(admin, `/api/business/station/${id}`)).json().data.capacityKwh).toBe(200_000_000);
    const taken = await post(admin, '/api/business/station/add', body({ code: 'JS-SZ01' }), 'en_US');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe('The station code "JS-SZ01" is already taken');
    const badCode = await post(admin, '/api/business/station/add', body({ code: 'a/b' }));
    expect(badCode.statusCode).toBe(400);
    expect(await ctx.database.db.select().from(stations).where(eq(stations.code, 'T-BAD'))).toEqual([]);
  });

  it('updates every field; a new city drops the old translated city names; the tree follows', async () => {
    const id = sid('ZJ-HZ01');
    const before = (await post(admin, `/api/business/station/${id}`, {}, 'en_US')).json().data as StationAdmin;
    const {
      id: _id,
      province: _p,
      orgName: _o,
      hasLogo: _h,
      deviceCount: _d,
      createTime: _c,
      updateTime: _u,
      ...rest
    } = before;
    expect([before.city, before.cityEntered]).toEqual(['Hangzhou', '杭州市']);
    // Same city: its English name stays.
    const same = await put(admin, {
      ...rest,
      id,
      name: '杭州储能电站（改）',
      city: before.cityEntered,
    });
    expect(same.statusCode, same.body).toBe(200);
    const after = (await post(admin, `/api/business/station/${id}`, {}, 'en_US')).json().data as StationAdmin;
    expect(after.name).toBe('杭州储能电站（改）');
    expect(after.city).toBe('Hangzhou');
    const moved = await put(admin, { ...rest, id, city: '余杭区', timezone: 'Asia/Urumqi', contact: null });
    expect(moved.statusCode).toBe(200);
    const again = (await post(admin, `/api/business/station/${id}`, {}, 'en_US')).json().data as StationAdmin;
    expect(again).toMatchObject({ city: '余杭区', timezone: 'Asia/Urumqi', contact: null });
    const tree = (await post(admin, '/api/business/station')).json().data as StationTree;
    expect(tree.flatMap((p) => p.children).find((s) => s.id === id)?.timezone).toBe('Asia/Urumqi');
    // A station with devices keeps its code (its devices publish under it).
    const locked = await put(admin, { ...rest, id, code: 'ZJ-NEW' }, 'en_US');
    expect(locked.statusCode).toBe(400);
    expect(locked.json().msg).toMatch(/^The station code cannot change while the station has \d+ device\(s\)$/);
  });

  it('refuses to delete a station with devices, naming them; deletes an empty one', async () => {
    const id = sid('JS-WX01');
    const n = (await ctx.database.db.select().from(devices).where(eq(devices.stationId, id))).length;
    expect(n).toBeGreaterThan(0);
    const res = await del(admin, `/api/business/station/${id}`, 'en_US');
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(
      `The station "${SEED_STATIONS.find((s) => s.code === 'JS-WX01')?.name}" still has ${n} device(s); delete them first`,
    );
    expect(await treeCodes(admin)).toContain('JS-WX01');

    const empty = await add(admin, body({ code: 'T-DEL' }));
    const ok = await del(admin, `/api/business/station/${empty}`);
    expect(ok.statusCode).toBe(200);
    expect(await treeCodes(admin)).not.toContain('T-DEL');
    expect((await post(admin, `/api/business/station/${empty}`)).statusCode).toBe(404);
  });
});

describe('station scope', () => {
  it('answers 404 for every call on a station outside the scope, and writes nothing', async () => {
    const gd = sid('GD-SZ01');
    const detail = await post(operator, `/api/business/station/${gd}`, {}, 'en_US');
    expect(detail.statusCode).toBe(404);
    expect(detail.json().msg).toBe('Station does not exist or is not accessible');
    const seen = (await post(admin, `/api/business/station/${gd}`)).json().data as StationAdmin;
    const { province: _p, orgName: _o, hasLogo: _h, deviceCount: _d, createTime: _c, updateTime: _u, ...rest } = seen;
    expect((await put(operator, { ...rest, name: 'hijacked' })).statusCode).toBe(404);
    expect((await del(operator, `/api/business/station/${gd}`)).statusCode).toBe(404);
    expect((await post(operator, `/api/business/station/getLogo/${gd}`)).statusCode).toBe(404);
    expect(
      (await post(operator, '/api/business/station/uploadLogo', { id: gd, data: PNG.toString('base64') })).statusCode,
    ).toBe(404);
    const [row] = await ctx.database.db.select().from(stations).where(eq(stations.id, gd));
    expect(row?.name).toBe(seen.name);
  });

  it('lets a scoped user add and move stations only inside their organisations', async () => {
    const outside = await post(
      operator,
      '/api/business/station/add',
      body({ code: 'T-OUT', orgId: orgId('G-GD') }),
      'en_US',
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json().msg).toBe('The chosen organisation does not exist or is outside your data scope');
    expect(await ctx.database.db.select().from(stations).where(eq(stations.code, 'T-OUT'))).toEqual([]);

    const id = await add(operator, body({ code: 'T-JS', orgId: orgId('G-JS') }));
    expect(await treeCodes(operator)).toContain('T-JS');
    const moved = await put(operator, { ...body({ code: 'T-JS', orgId: orgId('G-ZJ') }), id });
    expect(moved.statusCode).toBe(400);
    const [row] = await ctx.database.db.select().from(stations).where(eq(stations.id, id));
    expect(row?.orgId).toBe(orgId('G-JS'));
  });
});

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('station logo', () => {
  const upload = (id: number, bytes: Buffer, lang = 'en_US') =>
    post(admin, '/api/business/station/uploadLogo', { id, data: bytes.toString('base64') }, lang);

  it('stores a PNG and answers its bytes with its content type', async () => {
    const id = sid('JS-NJ01');
    const none = await post(admin, `/api/business/station/getLogo/${id}`, {}, 'en_US');
    expect(none.statusCode).toBe(404);
    expect(none.json().msg).toBe('This station has no logo');
    const res = await upload(id, PNG);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ contentType: 'image/png', size: PNG.length });
    const got = await post(admin, `/api/business/station/getLogo/${id}`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(got.rawPayload, PNG)).toBe(0);
    expect((await post(admin, `/api/business/station/${id}`)).json().data.hasLogo).toBe(true);
  });

  it('recognises JPEG and WebP by their bytes and replaces the logo', async () => {
    const id = sid('JS-NJ01');
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
    expect((await upload(id, jpeg)).json().data.contentType).toBe('image/jpeg');
    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.from([40, 0, 0, 0]),
      Buffer.from('WEBPVP8 '),
      Buffer.alloc(32),
    ]);
    expect((await upload(id, webp)).json().data.contentType).toBe('image/webp');
    const got = await post(admin, `/api/business/station/getLogo/${id}`);
    expect(got.headers['content-type']).toBe('image/webp');
    expect(await ctx.database.db.select().from(stationLogos).where(eq(stationLogos.stationId, id))).toHaveLength(1);
  });

  it('refuses an SVG, a GIF, text disguised as a PNG and anything over 1 MB', async () => {
    const id = sid('JS-SZ01');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    // A script whose first line only mentions PNG: its first bytes are not PNG's signature.
    const disguised = Buffer.from(`PNG\r\n<script>alert(1)</script>${PNG.toString('latin1')}`, 'latin1');
    for (const bytes of [svg, gif, disguised, Buffer.alloc(0)]) {
      const res = await upload(id, bytes);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('The logo must be a PNG, JPEG or WebP image');
    }
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 1 - PNG.length)]);
    const tooBig = await upload(id, big, 'zh_CN');
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().msg).toBe('Logo 不能超过 1 MB');
    const exact = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 - PNG.length)]);
    expect((await upload(id, exact)).statusCode).toBe(200);
    const notBase64 = await post(admin, '/api/business/station/uploadLogo', { id, data: 'not base64!' });
    expect(notBase64.statusCode).toBe(400);
  });

  it('deletes the logo; a deleted station takes its logo with it', async () => {
    const id = await add(admin, body({ code: 'T-LOGO' }));
    expect((await upload(id, PNG)).statusCode).toBe(200);
    expect((await del(admin, `/api/business/station/logo/${id}`)).statusCode).toBe(200);
    expect((await post(admin, `/api/business/station/getLogo/${id}`)).statusCode).toBe(404);
    expect((await upload(id, PNG)).statusCode).toBe(200);
    expect((await del(admin, `/api/business/station/${id}`)).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(stationLogos).where(eq(stationLogos.stationId, id))).toEqual([]);
  });
});

describe('POST /api/business/station/nationStation', () => {
  it('nests the caller’s stations as province → city → station with totals at each level', async () => {
    const made = [
      body({ code: 'T-N1', provinceCode: '61', city: '西安市', capacityKwh: 100, ratedPowerKw: 50 }),
      body({ code: 'T-N2', provinceCode: '61', city: '西安市', capacityKwh: 200, ratedPowerKw: 80 }),
      body({ code: 'T-N3', provinceCode: '61', city: '宝鸡市', capacityKwh: 300, ratedPowerKw: 120 }),
    ];
    const ids = [];
    for (const b of made) ids.push(await add(admin, b));
    const res = await post(admin, '/api/business/station/nationStation', {}, 'en_US');
    expect(res.statusCode).toBe(200);
    const n = res.json().data;
    const all = await ctx.database.db.select().from(stations);
    expect(n.stationCount).toBe(all.length);
    expect(n.capacityKwh).toBeCloseTo(all.reduce((s, r) => s + r.capacityKwh, 0));
    const shaanxi = n.children.find((p: { code: string }) => p.code === '61');
    expect(shaanxi).toMatchObject({ kind: 'province', id: 'province:61', name: 'Shaanxi', stationCount: 3 });
    expect(shaanxi.capacityKwh).toBe(600);
    expect(
      shaanxi.children.map(
        (c: { name: string; stationCount: number; ratedPowerKw: number; children: { id: number }[] }) => [
          c.name,
          c.stationCount,
          c.ratedPowerKw,
          c.children.map((s) => s.id),
        ],
      ),
    ).toEqual([
      ['西安市', 2, 130, [ids[0], ids[1]]],
      ['宝鸡市', 1, 120, [ids[2]]],
    ]);
    expect(shaanxi.children[0].children[0]).toMatchObject({ kind: 'station', code: 'T-N1', type: 'proposed' });
    expect(n.children.map((p: { code: string }) => p.code)).toEqual(
      [...n.children.map((p: { code: string }) => p.code)].sort(),
    );

    // The operator's listing holds only their own stations.
    const mine = (await post(operator, '/api/business/station/nationStation')).json().data;
    const codes = mine.children.flatMap((p: { children: { children: { code: string }[] }[] }) =>
      p.children.flatMap((c) => c.children.map((s) => s.code)),
    );
    expect(codes.sort()).toEqual((await treeCodes(operator)).sort());
    expect((await post(maintainer, '/api/business/station/nationStation')).statusCode).toBe(403);
    expect(ResultCode.FORBIDDEN).toBe(403);
  });
});
