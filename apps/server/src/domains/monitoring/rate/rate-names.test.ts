import { addDays, type Lang, PROVINCE_TOU_TEMPLATES, type RateTemplate } from '@ess/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, stationIdLookup, type TestContext } from '../../../test/harness';
import { rerunMigrationData } from '../../../test/migration-data';

/**
 * Issue 21 finding 7: the seeded rate templates read in the reader's language wherever a template
 * is named (list, detail, a station's tariff, revenue), a keyword finds them by the name in any
 * language, and a rename is what the user typed, in every language.
 */
let ctx: TestContext;
let admin: string;
let stationId: number;

const STATION = 'JS-SZ01';
const seeded = (code: string) => {
  const t = PROVINCE_TOU_TEMPLATES.find((x) => x.code === code);
  if (!t) throw new Error(`no seeded template ${code}`);
  return t;
};
const JS = seeded('TOU-JS');

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
  admin = await login(ctx.app, 'admin');
  stationId = (await stationIdLookup(ctx.database.db))(STATION);
});
afterAll(() => ctx?.close());

async function page(lang: Lang, keyword?: string): Promise<RateTemplate[]> {
  const res = await call(
    ctx.app,
    admin,
    'POST',
    '/api/business/rate/page',
    { pageNum: 1, pageSize: 50, keyword },
    lang,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.rows;
}
const byCode = async (code: string, lang: Lang) => {
  const row = (await page(lang)).find((t) => t.code === code);
  if (!row) throw new Error(`no template ${code}`);
  return row;
};

describe('seeded rate templates in the reader’s language', () => {
  it('list, detail, the station’s tariff and its revenue name them in each language', async () => {
    for (const lang of ['en_US', 'ja_JP'] as const) {
      const rows = await page(lang);
      for (const t of PROVINCE_TOU_TEMPLATES)
        expect(rows.find((r) => r.code === t.code)?.name, lang).toBe(t.names[lang]);
      const id = (await byCode('TOU-JS', lang)).id;
      const detail = await call(ctx.app, admin, 'GET', `/api/business/rate/${id}`, undefined, lang);
      expect(detail.json().data.name).toBe(JS.names[lang]);

      const tariff = await call(ctx.app, admin, 'POST', '/api/business/rate/station', { stationId }, lang);
      expect(tariff.statusCode, tariff.body).toBe(200);
      expect(tariff.json().data.assignments[0]).toMatchObject({ templateCode: 'TOU-JS', templateName: JS.names[lang] });
      expect(tariff.json().data.templates[0].name).toBe(JS.names[lang]);

      const today: string = tariff.json().data.today;
      const range = { stationId, from: addDays(today, -1), to: today };
      const income = await call(ctx.app, admin, 'POST', '/api/business/openStation/incomeData', range, lang);
      expect(income.statusCode, income.body).toBe(200);
      expect(income.json().data.template).toMatchObject({ code: 'TOU-JS', name: JS.names[lang] });
    }
  });

  it('a keyword finds a seeded template by its name in another language', async () => {
    // An English reader types the Japanese name, a Chinese reader the English one.
    const ja = await page('en_US', '江蘇省');
    expect(ja.map((t) => t.code)).toEqual(['TOU-JS']);
    expect(ja[0]?.name).toBe(JS.names.en_US);
    const en = await page('zh_CN', 'pearl river');
    expect(en.map((t) => t.code)).toEqual(['TOU-GD']);
    expect(en[0]?.name).toBe(seeded('TOU-GD').names.zh_CN);
  });

  it('keeps the translations when the shown name comes back, and what the user typed otherwise', async () => {
    const shown = await byCode('TOU-ZJ', 'en_US');
    const { stations: _, stationCount: __, updateTime: ___, ...fields } = shown;
    const save = (name: string) =>
      call(ctx.app, admin, 'PUT', '/api/business/rate/update', { ...fields, name }, 'en_US');
    const kept = await save(shown.name);
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await byCode('TOU-ZJ', 'ja_JP')).name).toBe(seeded('TOU-ZJ').names.ja_JP);
    expect((await save('Zhejiang 2027')).statusCode).toBe(200);
    for (const lang of ['zh_CN', 'ja_JP'] as const) expect((await byCode('TOU-ZJ', lang)).name).toBe('Zhejiang 2027');
  });

  it('migration 0039 names an older database’s seeded templates, not a renamed one', async () => {
    await ctx.database.db.execute(sql`UPDATE biz_tou_template SET names = '{}'::jsonb`);
    await rerunMigrationData(ctx.database.db, '0039_seeded_tariff_dict_sequence_names.sql');
    expect((await byCode('TOU-GD', 'es_ES')).name).toBe(seeded('TOU-GD').names.es_ES);
    expect((await byCode('TOU-EXAMPLE', 'es_ES')).name).toBe('Tarifa horaria de ejemplo');
    expect((await byCode('TOU-ZJ', 'es_ES')).name).toBe('Zhejiang 2027');
  });
});
