import type { Lang, OrgNode } from '@ess/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ORGS } from '../../../db/seed-data';
import { call, createTestApp, login, type TestContext } from '../../../test/harness';
import { rerunMigrationData } from '../../../test/migration-data';

/** Issue 21 finding 7: the seeded organisations read in the reader's language; a rename is as typed. */
let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
  admin = await login(ctx.app, 'admin');
});
afterAll(() => ctx?.close());

const flat = (nodes: OrgNode[]): OrgNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
async function orgsIn(lang: Lang): Promise<OrgNode[]> {
  const res = await call(ctx.app, admin, 'POST', '/api/sys/org/tree', {}, lang);
  expect(res.statusCode, res.body).toBe(200);
  return flat(res.json().data);
}

describe('seeded organisations in the reader’s language', () => {
  it('read in each language; a name sent back as shown keeps them, a new one is as typed', async () => {
    for (const lang of ['zh_CN', 'en_US', 'es_ES', 'ja_JP'] as const) {
      const rows = await orgsIn(lang);
      for (const o of SEED_ORGS) expect(rows.find((r) => r.code === o.code)?.name, lang).toBe(o.names[lang]);
    }
    const js = (await orgsIn('en_US')).find((r) => r.code === 'G-JS');
    if (!js) throw new Error('no G-JS');
    const body = { id: js.id, pid: js.pid, name: js.name, code: js.code, orderNum: js.orderNum };
    const save = (name: string) => call(ctx.app, admin, 'PUT', '/api/sys/org/update', { ...body, name }, 'en_US');
    expect((await save(js.name)).statusCode).toBe(200);
    expect((await orgsIn('ja_JP')).find((r) => r.code === 'G-JS')?.name).toBe('江蘇支社');
    expect((await save('Jiangsu region')).statusCode).toBe(200);
    expect((await orgsIn('ja_JP')).find((r) => r.code === 'G-JS')?.name).toBe('Jiangsu region');
  });

  it('migration 0038 names an older database’s seeded organisations, not a renamed one', async () => {
    await ctx.database.db.execute(sql`UPDATE sys_org SET names = '{}'::jsonb`);
    await rerunMigrationData(ctx.database.db, '0038_seeded_org_names.sql');
    const rows = await orgsIn('es_ES');
    expect(rows.find((r) => r.code === 'G-GD')?.name).toBe('Sucursal de Guangdong');
    expect(rows.find((r) => r.code === 'G-JS')?.name).toBe('Jiangsu region');
  });
});
