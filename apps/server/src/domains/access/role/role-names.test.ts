import type { Lang, RoleDetail } from '@ess/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ROLE_NAMES } from '../../../db/seed-data';
import { call, createTestApp, login, sqlRows, type TestContext } from '../../../test/harness';
import { rerunMigrationData } from '../../../test/migration-data';

/**
 * Issue 21 finding 7: the seeded roles' names and descriptions read in the reader's language; a
 * text edited by hand is what the user typed, in every language.
 */
let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
  admin = await login(ctx.app, 'admin');
});
afterAll(() => ctx?.close());

const roleId = async (code: string) => {
  const [row] = await sqlRows<{ id: number }>(ctx.database.db, sql`SELECT id FROM sys_role WHERE code = ${code}`);
  if (!row) throw new Error(`no role ${code}`);
  return row.id;
};
async function detail(id: number, lang: Lang): Promise<RoleDetail> {
  const res = await call(ctx.app, admin, 'POST', '/api/sys/role/detail', { id }, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('seeded roles in the reader’s language', () => {
  it('list and detail name and describe them in each language', async () => {
    for (const lang of ['zh_CN', 'en_US', 'es_ES', 'ja_JP'] as const) {
      const page = await call(ctx.app, admin, 'POST', '/api/sys/role/page', { pageNum: 1, pageSize: 50 }, lang);
      expect(page.statusCode, page.body).toBe(200);
      for (const [code, seeded] of Object.entries(SEED_ROLE_NAMES)) {
        const row = page.json().data.rows.find((r: { code: string }) => r.code === code);
        expect(row, `${code} ${lang}`).toMatchObject({
          name: seeded.names[lang],
          description: seeded.descriptions[lang],
        });
      }
    }
  });

  it('keeps the translations when the shown texts come back, and what the user typed otherwise', async () => {
    const id = await roleId('screen');
    const shown = await detail(id, 'en_US');
    const body = {
      id,
      name: shown.name,
      description: shown.description,
      enabled: shown.enabled,
      dataScope: shown.dataScope,
      menuIds: shown.menuIds,
      orgIds: shown.orgIds,
    };
    const save = (b: typeof body) => call(ctx.app, admin, 'PUT', '/api/sys/role/update', b, 'en_US');
    const kept = await save(body);
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await detail(id, 'ja_JP')).name).toBe(SEED_ROLE_NAMES.screen?.names.ja_JP);
    expect((await save({ ...body, name: 'Wall display' })).statusCode).toBe(200);
    const ja = await detail(id, 'ja_JP');
    expect(ja.name).toBe('Wall display');
    // Only the name was changed: the description keeps its translations.
    expect(ja.description).toBe(SEED_ROLE_NAMES.screen?.descriptions.ja_JP);
  });

  it('migration 0037 gives an older database’s seeded roles their texts, not a renamed one', async () => {
    const { db } = ctx.database;
    await db.execute(sql`UPDATE sys_role SET names = '{}'::jsonb, descriptions = '{}'::jsonb`);
    await rerunMigrationData(db, '0037_seeded_role_names.sql');
    const manager = await detail(await roleId('manager'), 'es_ES');
    expect(manager.name).toBe(SEED_ROLE_NAMES.manager?.names.es_ES);
    expect(manager.description).toBe(SEED_ROLE_NAMES.manager?.descriptions.es_ES);
    // Renamed above: the name stays as typed, the untouched description is translated again.
    const screen = await detail(await roleId('screen'), 'es_ES');
    expect(screen.name).toBe('Wall display');
    expect(screen.description).toBe(SEED_ROLE_NAMES.screen?.descriptions.es_ES);
  });
});
