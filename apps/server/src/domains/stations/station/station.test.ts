import { ResultCode, type StationTree } from '@ess/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgs, stations, userStations } from '../../../db/schema';
import { SEED_STATIONS } from '../../../db/seed-data';
import { assertStationInScope, stationIdsInScope } from '../../../kernel/station-scope.service';
import { AppError } from '../../../lib/app-error';
import { call, createTestApp, login, stationIdLookup, type TestContext } from '../../../test/harness';
import { storedSessionUser } from '../../../test/session-user';

let ctx: TestContext;
let tokens: Record<'admin' | 'operator' | 'maintainer' | 'manager', string>;
let sid: (code: string) => number;

beforeAll(async () => {
  ctx = await createTestApp();
  tokens = {
    admin: await login(ctx.app, 'admin'),
    operator: await login(ctx.app, 'operator'),
    maintainer: await login(ctx.app, 'maintainer'),
    manager: await login(ctx.app, 'manager'),
  };
  sid = await stationIdLookup(ctx.database.db);
});
afterAll(() => ctx?.close());

const tree = async (token: string, lang = 'zh_CN'): Promise<StationTree> => {
  const res = await call(ctx.app, token, 'POST', '/api/business/station', {}, lang);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const cityOf = (t: StationTree, code: string) => t.flatMap((p) => p.children).find((s) => s.code === code)?.city;
const codes = (t: StationTree) => t.flatMap((p) => p.children.map((s) => s.code));

/** A caller as the auth plugin would build it, for calling the scope service directly. */
const sessionUserOf = (username: string) => storedSessionUser(ctx.database.db, username);

describe('POST /api/business/station', () => {
  it('needs a session', async () => {
    const res = await call(ctx.app, null, 'POST', '/api/business/station', {});
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ResultCode.UNAUTHENTICATED);
  });

  it('gives the Jiangsu operator only the Jiangsu stations, by id, with every station field', async () => {
    const t = await tree(tokens.operator);
    expect(t.map((p) => [p.kind, p.id, p.code, p.name])).toEqual([['province', 'province:32', '32', '江苏省']]);
    expect(codes(t)).toEqual(['JS-SZ01', 'JS-NJ01', 'JS-WX01']);
    const ids = t[0]?.children.map((s) => s.id) ?? [];
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const seed = SEED_STATIONS.find((s) => s.code === 'JS-SZ01');
    const [jiangsu] = await ctx.database.db.select().from(orgs).where(eq(orgs.code, 'G-JS'));
    expect(t[0]?.children[0]).toEqual({
      kind: 'station',
      id: sid('JS-SZ01'),
      code: 'JS-SZ01',
      name: seed?.name,
      address: seed?.address,
      provinceCode: '32',
      province: '江苏省',
      city: '苏州市',
      ratedPowerKw: 2500,
      capacityKwh: 5000,
      gridConnectionTime: '2023-06-18',
      type: 'operating',
      longitude: 120.7206,
      latitude: 31.3165,
      timezone: 'Asia/Shanghai',
      contact: seed?.contact,
      phone: seed?.phone,
      orgId: jiangsu?.id,
      showWeather: true,
      forceChinese: false,
    });
  });

  it('gives the Guangdong maintainer only the Guangdong stations', async () => {
    expect(codes(await tree(tokens.maintainer))).toEqual(['GD-SZ01', 'GD-GZ01', 'GD-DG01']);
  });

  it('gives group-wide users every province, by code, named in the request language', async () => {
    for (const token of [tokens.manager, tokens.admin]) {
      const en = await tree(token, 'en_US');
      expect(en.map((p) => [p.id, p.name])).toEqual([
        ['province:32', 'Jiangsu'],
        ['province:33', 'Zhejiang'],
        ['province:44', 'Guangdong'],
      ]);
      expect(codes(en)).toHaveLength(SEED_STATIONS.length);
      expect(en[2]?.children[0]?.province).toBe('Guangdong');
    }
    const es = await tree(tokens.manager, 'es_ES');
    expect(es[2]?.name).toBe('Cantón');
    const ja = await tree(tokens.manager, 'ja_JP');
    expect(ja.map((p) => p.name)).toEqual(['江蘇省', '浙江省', '広東省']);
    const all = ja.flatMap((p) => p.children);
    expect(all.find((s) => s.code === 'GD-DG01')?.showWeather).toBe(false);
    expect(all.find((s) => s.code === 'ZJ-NB01')?.forceChinese).toBe(true);
    expect(all.find((s) => s.code === 'JS-WX01')?.type).toBe('construction');
    // Cities too are named in the request's language.
    expect(all.find((s) => s.code === 'GD-SZ01')?.city).toBe('深セン市');
    expect(cityOf(await tree(tokens.manager, 'en_US'), 'JS-SZ01')).toBe('Suzhou');
    expect(cityOf(es, 'GD-GZ01')).toBe('Cantón');
  });

  it('accepts no body, null or any object; refuses broken JSON and non-objects with a 400 envelope', async () => {
    expect((await call(ctx.app, tokens.operator, 'POST', '/api/business/station')).statusCode).toBe(200);
    const extra = await call(ctx.app, tokens.operator, 'POST', '/api/business/station', { anything: 1 });
    expect(extra.statusCode).toBe(200);
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/business/station',
      payload: '{"a":',
      headers: { authorization: `Bearer ${tokens.operator}`, 'content-type': 'application/json', lang: 'en_US' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ code: 400, msg: 'The request body is not valid JSON', data: null });
    const array = await call(ctx.app, tokens.operator, 'POST', '/api/business/station', [1], 'en_US');
    expect(array.statusCode).toBe(400);
    expect(array.json().msg).toMatch(/^Invalid request: /);
  });
});

describe('the shared large-screen account', () => {
  const screenToken = async (app: TestContext['app']) => {
    const res = await app.inject({ method: 'POST', url: '/api/sys/token/screenLogin', payload: { from: 'screen' } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.accessToken as string;
  };

  it('never receives contact names or phone numbers, which the other accounts do', async () => {
    const seen = (await tree(await screenToken(ctx.app))).flatMap((p) => p.children);
    expect(seen).toHaveLength(SEED_STATIONS.length);
    expect(seen.every((s) => s.contact === null && s.phone === null)).toBe(true);
    const managed = (await tree(tokens.manager)).flatMap((p) => p.children);
    expect(managed.filter((s) => s.contact && s.phone)).toHaveLength(SEED_STATIONS.filter((s) => s.contact).length);
  });

  it('sees only SCREEN_STATIONS, and answers 404 for every other station', async () => {
    const limited = await createTestApp({ SCREEN_STATIONS: 'JS-SZ01, GD-SZ01', TELEMETRY: 'off' });
    try {
      const token = await screenToken(limited.app);
      const res = await call(limited.app, token, 'POST', '/api/business/station', {});
      // Provinces in code order: Jiangsu (32), then Guangdong (44).
      expect(codes(res.json().data)).toEqual(['JS-SZ01', 'GD-SZ01']);
      const lookup = await stationIdLookup(limited.database.db);
      const menu = (stationId: number) =>
        call(limited.app, token, 'POST', '/api/media/weather/stationWeatherInfo', { stationId });
      expect((await menu(lookup('JS-SZ01'))).statusCode).toBe(200);
      expect((await menu(lookup('ZJ-HZ01'))).statusCode).toBe(404);
      // Other accounts keep their scope.
      const manager = await login(limited.app, 'manager');
      expect(codes((await call(limited.app, manager, 'POST', '/api/business/station', {})).json().data)).toHaveLength(
        SEED_STATIONS.length,
      );
    } finally {
      await limited.close();
    }
  });

  it('signs in automatically only while SCREEN_LOGIN is on', async () => {
    const off = await createTestApp({ SCREEN_LOGIN: 'off', TELEMETRY: 'off' });
    try {
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/sys/token/screenLogin',
        payload: { from: 'screen' },
        headers: { lang: 'en_US' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe('Automatic large-screen sign-in is turned off; sign in with an account');
    } finally {
      await off.close();
    }
  });
});

describe('station scope', () => {
  it('refuses a station outside the scope exactly like a missing one', async () => {
    const operator = await sessionUserOf('operator');
    await expect(assertStationInScope(ctx.database.db, operator, sid('JS-NJ01'))).resolves.toMatchObject({
      code: 'JS-NJ01',
    });
    for (const id of [sid('GD-SZ01'), 999_999]) {
      const err = await assertStationInScope(ctx.database.db, operator, id).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ status: 404, key: 'stationNotFound' });
    }
    const manager = await sessionUserOf('manager');
    expect(await stationIdsInScope(ctx.database.db, manager)).toHaveLength(SEED_STATIONS.length);
  });

  // Changes the data, so it runs last in this file.
  it('covers the whole organisation subtree and explicit grants', async () => {
    const db = ctx.database.db;
    const [jiangsu] = await db.select().from(orgs).where(eq(orgs.code, 'G-JS'));
    if (!jiangsu) throw new Error('G-JS missing');
    const [branch] = await db.insert(orgs).values({ code: 'G-JS-CZ', name: '常州项目部', pid: jiangsu.id }).returning();
    const [team] = await db
      .insert(orgs)
      .values({ code: 'G-JS-CZ-1', name: '一队', pid: branch?.id ?? 0 })
      .returning();
    await db.insert(stations).values({
      code: 'JS-CZ01',
      name: '常州储能电站',
      provinceCode: '32',
      city: '常州市',
      ratedPowerKw: 500,
      capacityKwh: 1000,
      type: 'operating',
      latitude: 31.81,
      longitude: 119.97,
      orgId: team?.id ?? 0,
    });
    const operator = await sessionUserOf('operator');
    await db.insert(userStations).values({ userId: operator.userId, stationId: sid('ZJ-HZ01') });
    // Written by hand, so nothing announced it: say what an administrator's change would (the
    // station list is served from memory, station-directory.ts).
    ctx.app.auth.sessionsChanged({ all: true });

    const t = await tree(tokens.operator);
    expect(t.map((p) => p.code)).toEqual(['32', '33']);
    expect(codes(t)).toEqual(['JS-SZ01', 'JS-NJ01', 'JS-WX01', 'JS-CZ01', 'ZJ-HZ01']);
    const ids = await stationIdsInScope(db, operator);
    expect(ids).toContain(sid('ZJ-HZ01'));
    expect(ids).not.toContain(sid('ZJ-NB01'));
    // The maintainer's scope is untouched by the operator's grant.
    expect(codes(await tree(tokens.maintainer))).toEqual(['GD-SZ01', 'GD-GZ01', 'GD-DG01']);
  });
});
