import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * drizzle/0059_ts_msg.sql on a database that holds samples: every stored sample of a known point
 * is in ts_msg afterwards (a row per device and time; a virtual point's under minus its id), each ts_raw day
 * partition has its ts_msg one, and ts_raw reads the same samples as a view.
 */

const migrations = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const dir = mkdtempSync(path.join(tmpdir(), 'ts-msg-migration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The migrations folder as it was before 0059. */
function before0059(): string {
  const folder = path.join(dir, 'drizzle');
  cpSync(migrations, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < 59);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describe('migration 0059: raw samples a row per device message', () => {
  it('moves every sample of a known point into ts_msg and keeps ts_raw readable', async () => {
    const client = new PGlite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before0059() });
    // Points of device 7 without the station and device rows around them (not what is tested).
    await client.exec(`
      SET session_replication_role = replica;
      INSERT INTO biz_point (id, device_id, code, names, kind, formula) VALUES
        (1, 7, 'p', '{}', 'telemetry', NULL), (2, 7, 'q', '{}', 'telemetry', NULL),
        (3, 7, 'net', '{}', 'telemetry', 'p - q'), (4, 8, 'p', '{}', 'telemetry', NULL);
      SET session_replication_role = origin;
      CREATE TABLE ts_raw_20261201 PARTITION OF ts_raw FOR VALUES FROM ('2026-12-01 00:00+00') TO ('2026-12-02 00:00+00');
      CREATE TABLE ts_raw_20261202 PARTITION OF ts_raw FOR VALUES FROM ('2026-12-02 00:00+00') TO ('2026-12-03 00:00+00');
      INSERT INTO ts_raw VALUES
        (2, '2026-12-01 10:00+00', 20), (1, '2026-12-01 10:00+00', 10), (3, '2026-12-01 10:00+00', -10),
        (1, '2026-12-02 09:00+00', 11), (4, '2026-12-02 09:00+00', 40), (99, '2026-12-02 09:00+00', 1);`);
    const samples = `SELECT point_id, ts, value FROM ts_raw ORDER BY ts, point_id`;
    const old = (await client.query(samples)).rows;

    await migrate(db, { migrationsFolder: migrations });

    const rows = await client.query(
      `SELECT device_id, ts, part, point_ids, "values" FROM ts_msg ORDER BY ts, device_id, part`,
    );
    const at = (iso: string) => new Date(iso);
    expect(rows.rows).toEqual([
      { device_id: -3, ts: at('2026-12-01T10:00:00Z'), part: 1, point_ids: [3], values: [-10] },
      { device_id: 7, ts: at('2026-12-01T10:00:00Z'), part: 0, point_ids: [1, 2], values: [10, 20] },
      { device_id: 7, ts: at('2026-12-02T09:00:00Z'), part: 0, point_ids: [1], values: [11] },
      { device_id: 8, ts: at('2026-12-02T09:00:00Z'), part: 0, point_ids: [4], values: [40] },
    ]);
    const partitions = await client.query(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = 'ts_msg'::regclass ORDER BY 1`,
    );
    expect(partitions.rows).toEqual([{ name: 'ts_msg_20261201' }, { name: 'ts_msg_20261202' }]);
    // The same samples through the view, but for the point that no longer exists.
    expect((await client.query(samples)).rows).toEqual(old.filter((r) => (r as { point_id: number }).point_id !== 99));
    await client.close();
  });
});
