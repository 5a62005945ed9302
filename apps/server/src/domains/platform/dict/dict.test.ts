import { type DictType, ResultCode, SITE_STATUSES } from '@ess/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictItems, dictTypes } from '../../../db/schema';
import { SEED_DICTS } from '../../../db/seed-data';
import { call, createTestApp, login, type TestContext } from '../../../test/harness';
import { rerunMigrationData } from '../../../test/migration-data';

const URL = '/api/sys/dict/typeAll';
let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestApp();
  token = await login(ctx.app, 'manager');
});
afterAll(() => ctx?.close());

const dicts = async (lang: string, body?: object): Promise<DictType[]> => {
  const res = await call(ctx.app, token, 'POST', URL, body, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const labels = (d: DictType[], type: string) => d.find((t) => t.type === type)?.list.map((i) => i.label);

describe('POST /api/sys/dict/typeAll', () => {
  it('lists every dictionary, including pointType and symbolType', async () => {
    const d = await dicts('zh_CN');
    expect(d.map((t) => t.type)).toEqual(SEED_DICTS.map((t) => t.type));
    expect(d.map((t) => t.type)).toEqual(expect.arrayContaining(['pointType', 'symbolType']));
    expect(labels(d, 'pointType')).toEqual(['遥测', '遥信', '遥控', '遥调']);
    const degC = d.find((t) => t.type === 'symbolType')?.list.find((i) => i.key === 'degC');
    expect(degC).toEqual({ key: 'degC', value: '°C', label: '摄氏度', sort: 7 });
  });

  it('labels items in the request language', async () => {
    expect(labels(await dicts('en_US'), 'pointType')).toEqual(['Telemetry', 'Status', 'Control', 'Setpoint']);
    expect(labels(await dicts('ja_JP'), 'pointType')).toEqual([
      'テレメータ',
      'テレインジケータ',
      'テレコントロール',
      'テレセットポイント',
    ]);
    expect(labels(await dicts('es_ES'), 'stationType')).toEqual(['En operación', 'En construcción', 'Propuesta']);
    expect(labels(await dicts('en_US'), 'symbolType')?.[0]).toBe('kW');
  });

  it('names every site status the overview reports, stations not yet built included', async () => {
    const items = (await dicts('en_US')).find((t) => t.type === 'siteStatus')?.list ?? [];
    expect(items.map((i) => i.key)).toEqual([...SITE_STATUSES]);
    expect(items.find((i) => i.key === 'construction')?.label).toBe('Under construction');
    // A database seeded before them gets them from migration 0009.
    const db = ctx.database.db;
    const [type] = await db.select().from(dictTypes).where(eq(dictTypes.type, 'siteStatus'));
    await db
      .delete(dictItems)
      .where(and(eq(dictItems.typeId, type?.id ?? 0), inArray(dictItems.key, ['construction', 'proposed'])));
    await rerunMigrationData(db, '0009_site_status_building.sql');
    const again = (await dicts('es_ES')).find((t) => t.type === 'siteStatus')?.list ?? [];
    expect(again.map((i) => i.key)).toEqual([...SITE_STATUSES]);
    expect(again.find((i) => i.key === 'proposed')?.label).toBe('Propuesta');
  });

  it('orders items by sort', async () => {
    const db = ctx.database.db;
    const [type] = await db.select().from(dictTypes).where(eq(dictTypes.type, 'pointType'));
    await db
      .update(dictItems)
      .set({ sort: 0 })
      .where(and(eq(dictItems.typeId, type?.id ?? 0), eq(dictItems.key, 'setpoint')));
    const d = await dicts('en_US');
    expect(labels(d, 'pointType')).toEqual(['Setpoint', 'Telemetry', 'Status', 'Control']);
    const sorts = d.find((t) => t.type === 'pointType')?.list.map((i) => i.sort);
    expect(sorts).toEqual([0, 1, 2, 3]);
  });

  it('accepts no body or {}, needs a session, and answers broken JSON with 400', async () => {
    expect(await dicts('en_US')).toEqual(await dicts('en_US', {}));
    const anonymous = await call(ctx.app, null, 'POST', URL, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe(ResultCode.UNAUTHENTICATED);
    const broken = await ctx.app.inject({
      method: 'POST',
      url: URL,
      payload: '{',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', lang: 'ja_JP' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ code: 400, msg: 'リクエスト本文が正しい JSON ではありません', data: null });
    const notObject = await ctx.app.inject({
      method: 'POST',
      url: URL,
      payload: '"text"',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().code).toBe(ResultCode.BAD_REQUEST);
  });
});
