import type { Lang, SequenceRun, SequenceTemplate } from '@ess/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_SEQUENCES } from '../../../db/seed-sequences';
import { call, createTestApp, login, stationIdLookup, type TestContext } from '../../../test/harness';
import { rerunMigrationData } from '../../../test/migration-data';
import { renderRun } from './sequence-render';

/**
 * Issue 21 finding 7: the built-in sequence templates read in the reader's language (they were
 * "中文 / English" before), their copies too, and their runs; a rename is what the user typed.
 */
let ctx: TestContext;
let admin: string;
let stationId: number;

const [START, STOP] = BUILT_IN_SEQUENCES.map((t) => t.names);
if (!START || !STOP) throw new Error('two built-in templates expected');

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
  admin = await login(ctx.app, 'admin');
  stationId = (await stationIdLookup(ctx.database.db))('JS-SZ01');
});
afterAll(() => ctx?.close());

async function templates(lang: Lang): Promise<SequenceTemplate[]> {
  const res = await call(ctx.app, admin, 'POST', '/api/strategy/sequence/templates', { stationId }, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const builtIns = async (lang: Lang) => (await templates(lang)).filter((t) => t.builtIn).map((t) => t.name);

describe('built-in sequence templates in the reader’s language', () => {
  it('are listed in each language', async () => {
    for (const lang of ['en_US', 'ja_JP', 'es_ES', 'zh_CN'] as const) {
      expect(await builtIns(lang), lang).toEqual([START[lang], STOP[lang]]);
    }
  });

  it('a copy reads in every language; the shown name sent back keeps them, a new one is as typed', async () => {
    const start = (await templates('en_US')).find((t) => t.builtIn && t.name === START.en_US);
    if (!start) throw new Error('no built-in start');
    const copy = await call(ctx.app, admin, 'POST', '/api/strategy/sequence/template/copy', {
      id: start.id,
      stationId,
    });
    expect(copy.statusCode, copy.body).toBe(200);
    const id: number = copy.json().data.id;
    const nameOf = async (lang: Lang) => (await templates(lang)).find((t) => t.id === id)?.name;
    expect(await nameOf('ja_JP')).toBe(START.ja_JP);

    const save = (name: string) =>
      call(
        ctx.app,
        admin,
        'PUT',
        '/api/strategy/sequence/template/update',
        { id, name, stationId, steps: start.steps },
        'en_US',
      );
    expect((await save(START.en_US)).statusCode).toBe(200);
    expect(await nameOf('es_ES')).toBe(START.es_ES);
    expect((await save('Morning start')).statusCode).toBe(200);
    expect(await nameOf('ja_JP')).toBe('Morning start');
    expect(await nameOf('zh_CN')).toBe('Morning start');
  });

  it('a run of a built-in template, as stored now or before names per language, is named in its reader’s language', () => {
    const run = (templateName: string): SequenceRun => ({
      id: 1,
      templateId: 1,
      templateName,
      stationId,
      stationName: 'JS-SZ01',
      state: 'success',
      issuedBy: 'admin',
      startTime: 0,
      endTime: 0,
      failedStep: null,
      message: null,
      steps: [],
    });
    for (const stored of [START.zh_CN, `${START.zh_CN} / ${START.en_US}`]) {
      expect(renderRun(run(stored), 'ja_JP').templateName).toBe(START.ja_JP);
      expect(renderRun(run(stored), 'es_ES').templateName).toBe(START.es_ES);
    }
    expect(renderRun(run('Morning start'), 'ja_JP').templateName).toBe('Morning start');
  });

  it('migration 0039 names an older database’s built-in templates by their "中文 / English" name', async () => {
    const { db } = ctx.database;
    await db.execute(sql`UPDATE biz_sequence_template SET names = '{}'::jsonb`);
    await db.execute(
      sql`UPDATE biz_sequence_template SET name = ${`${STOP.zh_CN} / ${STOP.en_US}`} WHERE built_in AND name = ${STOP.zh_CN}`,
    );
    await rerunMigrationData(db, '0039_seeded_tariff_dict_sequence_names.sql');
    expect(await builtIns('ja_JP')).toEqual([START.ja_JP, STOP.ja_JP]);
  });
});
