import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEVICE_MODELS, type ValueLimit } from '@ess/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, sqlRows } from '../test/harness';
import { rerunMigrationData } from '../test/migration-data';
import type { Database } from './client';

/**
 * Point limits reach the database two ways: the seed copies them from the catalog into a new
 * database, and migration 0008 writes them into a database seeded before it. Both must give
 * every point the limit its model declares.
 */

/** model code → point code → limit, from the catalog. */
const expected = new Map<string, ValueLimit>(
  DEVICE_MODELS.flatMap((m) => m.points.flatMap((p) => (p.limit ? [[`${m.code}/${p.code}`, p.limit] as const] : []))),
);

type Row = { key: string; value_limit: ValueLimit | null };

describe('point value limits in the database', () => {
  let dir: string;
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ess-limits-'));
    ({ database, drop } = await createTestDatabase(dir));
  });
  afterAll(async () => {
    await database.close();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const devicePointLimits = () =>
    sqlRows<Row>(
      database.db,
      sql`SELECT m.code || '/' || p.code AS key, p.value_limit FROM biz_point p
          JOIN biz_device d ON d.id = p.device_id JOIN biz_device_model m ON m.id = d.model_id`,
    );
  const modelPointLimits = () =>
    sqlRows<Row>(
      database.db,
      sql`SELECT m.code || '/' || p.code AS key, p.value_limit FROM biz_model_point p
          JOIN biz_device_model m ON m.id = p.model_id`,
    );

  const expectCatalogLimits = (rows: Row[]) => {
    expect(rows.filter((r) => r.value_limit).length).toBeGreaterThan(0);
    for (const r of rows) expect(r.value_limit ?? undefined, r.key).toEqual(expected.get(r.key));
  };

  it('seeds every model and device point with its catalog limit', async () => {
    expectCatalogLimits(await modelPointLimits());
    expectCatalogLimits(await devicePointLimits());
  });

  it('fills the limits of a database seeded before the migration', async () => {
    await database.db.execute(sql`UPDATE biz_point SET value_limit = NULL`);
    await database.db.execute(sql`UPDATE biz_model_point SET value_limit = NULL`);
    await rerunMigrationData(database.db, '0008_value_limits.sql');
    expectCatalogLimits(await modelPointLimits());
    expectCatalogLimits(await devicePointLimits());
  });
});
