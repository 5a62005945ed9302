import type { DictType, DictTypeRow, Lang } from '@ess/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_DICTS } from '../../../db/seed-data';
import { call, createTestApp, login, type TestContext } from '../../../test/harness';
import { rerunMigrationData } from '../../../test/migration-data';

/**
 * Issue 21 finding 7: the seeded dictionary types' descriptions read in the reader's language
 * (administration list and `typeAll`), a search finds them in any language, and a changed
 * description is what the user typed, in every language.
 */
let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
  admin = await login(ctx.app, 'admin');
});
afterAll(() => ctx?.close());

const seeded = (type: string) => {
  const d = SEED_DICTS.find((x) => x.type === type);
  if (!d) throw new Error(`no seeded dictionary ${type}`);
  return d.descriptions;
};

async function types(lang: Lang, description?: string): Promise<DictTypeRow[]> {
  const body = { pageNum: 1, pageSize: 100, description };
  const res = await call(ctx.app, admin, 'POST', '/api/sys/dict/type/page', body, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.rows;
}
const typeRow = async (type: string, lang: Lang) => {
  const row = (await types(lang)).find((t) => t.type === type);
  if (!row) throw new Error(`no type ${type}`);
  return row;
};

describe('seeded dictionary types in the reader’s language', () => {
  it('the list and typeAll describe them in each language', async () => {
    for (const lang of ['en_US', 'ja_JP'] as const) {
      const rows = await types(lang);
      for (const d of SEED_DICTS)
        expect(rows.find((r) => r.type === d.type)?.description, lang).toBe(d.descriptions[lang]);
      const all = await call(ctx.app, admin, 'POST', '/api/sys/dict/typeAll', {}, lang);
      expect(all.statusCode, all.body).toBe(200);
      const dicts: DictType[] = all.json().data;
      for (const d of SEED_DICTS)
        expect(dicts.find((x) => x.type === d.type)?.description, lang).toBe(d.descriptions[lang]);
    }
  });

  it('a search finds a seeded type by its description in another language', async () => {
    const ja = await types('en_US', '計量単位');
    expect(ja.map((t) => t.type)).toEqual(['symbolType']);
    expect(ja[0]?.description).toBe('Units of measurement');
    const en = await types('ja_JP', 'units of measurement');
    expect(en.map((t) => t.type)).toEqual(['symbolType']);
    expect(en[0]?.description).toBe('計量単位');
  });

  it('keeps the translations when the shown description comes back, and what the user typed otherwise', async () => {
    const shown = await typeRow('sex', 'en_US');
    const save = (description: string) =>
      call(ctx.app, admin, 'POST', '/api/sys/dict/type/update', { id: shown.id, type: 'sex', description }, 'en_US');
    expect((await save(shown.description)).statusCode).toBe(200);
    expect((await typeRow('sex', 'ja_JP')).description).toBe(seeded('sex').ja_JP);
    expect((await save('Gender')).statusCode).toBe(200);
    for (const lang of ['zh_CN', 'ja_JP'] as const) expect((await typeRow('sex', lang)).description).toBe('Gender');
  });

  it('migration 0039 describes an older database’s seeded types (stored in English then), not a changed one', async () => {
    const { db } = ctx.database;
    // Before names per language the seed stored the English description.
    await db.execute(sql`UPDATE sys_dict_type SET descriptions = '{}'::jsonb`);
    await db.execute(sql`UPDATE sys_dict_type SET description = 'Site status' WHERE type = 'siteStatus'`);
    await rerunMigrationData(db, '0039_seeded_tariff_dict_sequence_names.sql');
    expect((await typeRow('siteStatus', 'es_ES')).description).toBe(seeded('siteStatus').es_ES);
    expect((await typeRow('alarmLevel', 'ja_JP')).description).toBe(seeded('alarmLevel').ja_JP);
    expect((await typeRow('sex', 'es_ES')).description).toBe('Gender');
  });
});
