import { type Lang, type SequenceRun, type SequenceTemplate, sealSecret } from '@ess/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BUILT_IN_SEQUENCES } from '../../../db/seed-sequences';
import {
  ADMIN_PASSWORD,
  call,
  createTestApp,
  login,
  publicKeyOf,
  sqlRows,
  stationIdLookup,
  type TestContext,
} from '../../../test/harness';
import { rerunMigrationData } from '../../../test/migration-data';
import { renderRun } from './sequence-render';

/**
 * Issue 21 finding 7: the built-in sequence templates and their steps read in the reader's
 * language (they were "中文 / English" before), their copies too, and their runs; a rename is
 * what the user typed.
 */
let ctx: TestContext;
let admin: string;
let stationId: number;

const [START, STOP] = BUILT_IN_SEQUENCES.map((t) => t.names);
if (!START || !STOP) throw new Error('two built-in templates expected');
const [START_STEPS, STOP_STEPS] = BUILT_IN_SEQUENCES.map((t) => t.steps.map((s) => s.names));
if (!START_STEPS || !STOP_STEPS) throw new Error('two built-in templates expected');
const stepsIn = (lang: Lang) => [START_STEPS.map((n) => n[lang]), STOP_STEPS.map((n) => n[lang])];

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
const builtInSteps = async (lang: Lang) =>
  (await templates(lang)).filter((t) => t.builtIn).map((t) => t.steps.map((s) => s.name));

const copyOfStart = async (): Promise<{ id: number; start: SequenceTemplate }> => {
  const start = (await templates('en_US')).find((t) => t.builtIn && t.name === START.en_US);
  if (!start) throw new Error('no built-in start');
  const copy = await call(ctx.app, admin, 'POST', '/api/strategy/sequence/template/copy', { id: start.id, stationId });
  expect(copy.statusCode, copy.body).toBe(200);
  return { id: copy.json().data.id, start };
};

describe('built-in sequence templates in the reader’s language', () => {
  it('are listed in each language', async () => {
    for (const lang of ['en_US', 'ja_JP', 'es_ES', 'zh_CN'] as const) {
      expect(await builtIns(lang), lang).toEqual([START[lang], STOP[lang]]);
    }
  });

  it('their steps read in each language', async () => {
    for (const lang of ['en_US', 'ja_JP', 'es_ES', 'zh_CN'] as const) {
      expect(await builtInSteps(lang), lang).toEqual(stepsIn(lang));
    }
  });

  it('a copy’s steps read in every language; a step sent back as shown keeps them, a changed one is as typed', async () => {
    const { id, start } = await copyOfStart();
    const stepsOf = async (lang: Lang) =>
      (await templates(lang)).find((t) => t.id === id)?.steps.map((s) => s.name) ?? [];
    expect(await stepsOf('ja_JP')).toEqual(START_STEPS.map((n) => n.ja_JP));

    // Sent back in English: the first renamed, the other two swapped.
    const [first, second, third] = start.steps;
    if (!first || !second || !third) throw new Error('three steps expected');
    const steps = [{ ...first, name: 'Close breaker A' }, third, second];
    const res = await call(
      ctx.app,
      admin,
      'PUT',
      '/api/strategy/sequence/template/update',
      { id, name: start.name, stationId, steps },
      'en_US',
    );
    expect(res.statusCode, res.body).toBe(200);
    const [, startPcs, standby] = START_STEPS;
    if (!startPcs || !standby) throw new Error('three steps expected');
    expect(await stepsOf('ja_JP')).toEqual(['Close breaker A', standby.ja_JP, startPcs.ja_JP]);
    expect(await stepsOf('zh_CN')).toEqual(['Close breaker A', standby.zh_CN, startPcs.zh_CN]);
  });

  it('a run of a built-in template shows its steps, and the step it stopped at, in the reader’s language', async () => {
    // A station without PCS: the first step finds no device and the run fails there at once.
    const [bare] = await sqlRows<{ id: number }>(
      ctx.database.db,
      sql`SELECT s.id FROM biz_station s WHERE NOT EXISTS
            (SELECT 1 FROM biz_device d WHERE d.station_id = s.id AND d.type = 'pcs') ORDER BY s.id LIMIT 1`,
    );
    if (!bare) throw new Error('the seed has no station without PCS');
    const start = (await templates('en_US')).find((t) => t.builtIn && t.name === START.en_US);
    if (!start) throw new Error('no built-in start');
    const sealed = await sealSecret(await publicKeyOf(ctx.app), ADMIN_PASSWORD);
    const res = await call(ctx.app, admin, 'POST', '/api/strategy/sequence/run', {
      templateId: start.id,
      stationId: bare.id,
      password: sealed.cipher,
      aesKey: sealed.aesKey,
      iv: sealed.iv,
    });
    expect(res.statusCode, res.body).toBe(200);
    const runId: number = res.json().data.id;
    const detail = async (lang: Lang): Promise<SequenceRun> =>
      (await call(ctx.app, admin, 'GET', `/api/strategy/sequence/run/${runId}`, undefined, lang)).json().data;
    await vi.waitFor(async () => expect((await detail('en_US')).state).toBe('failed'));

    const [closeDc] = START_STEPS;
    if (!closeDc) throw new Error('three steps expected');
    for (const lang of ['en_US', 'ja_JP'] as const) {
      const run = await detail(lang);
      expect(run.templateName).toBe(START[lang]);
      expect(run.steps.map((s) => s.name)).toEqual(START_STEPS.map((n) => n[lang]));
      expect(run.failedStep).toBe(1);
      expect(run.message).toContain(closeDc[lang]);
      expect(run.message).not.toContain(closeDc[lang === 'en_US' ? 'ja_JP' : 'en_US']);
    }
  });

  it('a copy reads in every language; the shown name sent back keeps them, a new one is as typed', async () => {
    const { id, start } = await copyOfStart();
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

    // Its steps likewise, as stored before names per language; one the user named stays as typed.
    const stepRun = (stepNames: string[]): SequenceRun => ({
      ...run(START.zh_CN),
      steps: stepNames.map((name, i) => ({
        index: i + 1,
        name,
        state: 'success',
        deviceSns: [],
        commandIds: [],
        startTime: 0,
        endTime: 0,
        message: null,
      })),
    });
    const older = stepRun([...START_STEPS.map((n) => `${n.zh_CN} / ${n.en_US}`), 'Morning check']);
    expect(renderRun(older, 'es_ES').steps.map((s) => s.name)).toEqual([
      ...START_STEPS.map((n) => n.es_ES),
      'Morning check',
    ]);
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

  it('migration 0040 names an older database’s built-in steps by their seeded text; a renamed step stays as typed', async () => {
    const { db } = ctx.database;
    // As seeded before: "中文 / English" steps without translations; the stop's last step renamed by hand.
    for (const t of BUILT_IN_SEQUENCES) {
      const steps = t.steps.map(({ names, ...s }, i) => ({
        ...s,
        name: t.names === STOP && i === 2 ? 'Breaker open (site B)' : `${names.zh_CN} / ${names.en_US}`,
      }));
      await db.execute(
        sql`UPDATE biz_sequence_template SET steps = ${JSON.stringify(steps)}::jsonb WHERE built_in AND names ->> 'zh_CN' = ${t.names.zh_CN}`,
      );
    }
    expect((await builtInSteps('ja_JP'))[0]).toEqual(START_STEPS.map((n) => `${n.zh_CN} / ${n.en_US}`));
    await rerunMigrationData(db, '0040_built_in_sequence_step_names.sql');
    const [startJa, stopJa] = stepsIn('ja_JP');
    expect(await builtInSteps('ja_JP')).toEqual([startJa, [...(stopJa ?? []).slice(0, 2), 'Breaker open (site B)']]);
    expect((await builtInSteps('en_US'))[1]).toEqual([
      ...STOP_STEPS.slice(0, 2).map((n) => n.en_US),
      'Breaker open (site B)',
    ]);
  });
});
