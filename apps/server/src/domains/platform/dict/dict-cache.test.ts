import type { DictType } from '@ess/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { dictItems, dictTypes, settings } from '../../../db/schema';
import { call, createTestApp, login, type TestContext } from '../../../test/harness';
import { DICT_VERSION_KEY, DictCache } from './dict-cache';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', SIMULATOR: 'off' });
  token = await login(ctx.app, 'admin');
});
afterAll(() => ctx?.close());

const typeAllOf = async (app: FastifyInstance, lang = 'en_US'): Promise<DictType[]> => {
  const res = await call(app, token, 'POST', '/api/sys/dict/typeAll', {}, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const labelOf = (d: DictType[], type: string, key: string) =>
  d.find((t) => t.type === type)?.list.find((i) => i.key === key)?.label;
const version = async () => {
  const [row] = await ctx.database.db.select().from(settings).where(eq(settings.key, DICT_VERSION_KEY));
  return Number(row?.value);
};

describe('typeAll cache', () => {
  it('reads the rows once while the version stays, and again after any change, even plain SQL', async () => {
    const cache = new DictCache(ctx.database.db);
    const first = await cache.get();
    await cache.get();
    await cache.get();
    expect(cache.loads).toBe(1);
    const db = ctx.database.db;
    const [type] = await db.select().from(dictTypes).where(eq(dictTypes.type, 'sex'));
    const before = await version();
    await db
      .update(dictItems)
      .set({ sort: 42 })
      .where(eq(dictItems.typeId, type?.id ?? 0));
    expect(await version()).toBe(before + 1);
    const second = await cache.get();
    expect(cache.loads).toBe(2);
    expect(second.version).not.toBe(first.version);
    expect(second.dicts.find((d) => d.type.type === 'sex')?.items.every((i) => i.sort === 42)).toBe(true);
    // One bump per statement, whatever the number of rows it touched.
    await db.delete(dictTypes).where(eq(dictTypes.type, 'nonexistent'));
    expect(await version()).toBe(before + 2);
  });

  it('serves typeAll from memory: a write that bypasses the version is not seen, the next real one is', async () => {
    const db = ctx.database.db;
    await typeAllOf(ctx.app);
    // With the trigger off, a change leaves the version as it was: the answer must stay the cached one.
    await db.execute(sql`ALTER TABLE sys_dict_item DISABLE TRIGGER sys_dict_item_version`);
    try {
      await db.execute(
        sql`UPDATE sys_dict_item SET labels = jsonb_set(labels, '{en_US}', '"Hidden"') WHERE key = 'telemetry'`,
      );
    } finally {
      await db.execute(sql`ALTER TABLE sys_dict_item ENABLE TRIGGER sys_dict_item_version`);
    }
    expect(labelOf(await typeAllOf(ctx.app), 'pointType', 'telemetry')).toBe('Telemetry');
    // A change through the API bumps the version: the very next typeAll has both edits.
    const page = await call(ctx.app, token, 'POST', '/api/sys/dict/type/page', { type: 'pointType' });
    const typeId = page.json().data.rows[0].id as number;
    const items = await call(ctx.app, token, 'POST', '/api/sys/dict/item/page', { typeId });
    const status = (items.json().data.rows as { id: number; key: string; value: string; sort: number }[]).find(
      (i) => i.key === 'status',
    );
    if (!status) throw new Error('seed changed');
    const res = await call(ctx.app, token, 'POST', '/api/sys/dict/item/update', {
      ...status,
      labels: { zh_CN: '遥信', en_US: 'Signal', es_ES: 'Señal', ja_JP: '信号' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await typeAllOf(ctx.app);
    expect(labelOf(after, 'pointType', 'status')).toBe('Signal');
    expect(labelOf(after, 'pointType', 'telemetry')).toBe('Hidden');
    expect(labelOf(await typeAllOf(ctx.app, 'ja_JP'), 'pointType', 'status')).toBe('信号');
  });

  it('keeps two server instances on one database current: a write on one is seen by the other at once', async () => {
    const other = await buildApp({ env: ctx.env, database: ctx.database, logger: false });
    await other.ready();
    try {
      // The second instance has its answer cached before the write.
      expect((await typeAllOf(other)).some((t) => t.type === 'fromA')).toBe(false);
      const add = await call(ctx.app, token, 'POST', '/api/sys/dict/type/add', {
        type: 'fromA',
        description: 'Added on A',
      });
      expect(add.statusCode, add.body).toBe(200);
      expect((await typeAllOf(other)).find((t) => t.type === 'fromA')?.description).toBe('Added on A');
      const del = await call(other, token, 'POST', '/api/sys/dict/type/delete', { id: add.json().data.id });
      expect(del.statusCode, del.body).toBe(200);
      expect((await typeAllOf(ctx.app)).some((t) => t.type === 'fromA')).toBe(false);
    } finally {
      await other.close();
    }
  });
});
