import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

const FOLDER = path.resolve(import.meta.dirname, '../../../../drizzle');
type Journal = { entries: { idx: number; tag: string }[] };

/** The migrations before 0014, as a database made before rate templates has them. */
function migrationsBefore(idx: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ess-rate-migration-'));
  cpSync(FOLDER, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as Journal;
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx < idx) }));
  return dir;
}

const client = new PGlite();
const db = drizzle(client);
const old = migrationsBefore(14);
afterAll(async () => {
  await client.close();
  rmSync(old, { recursive: true, force: true });
});

const rows = async <T>(q: string): Promise<T[]> => (await client.query<T>(q)).rows;

describe('migration 0014 on a database seeded before rate templates', () => {
  it("keeps each station's template as its first assignment and adds the electricity types", async () => {
    await migrate(db, { migrationsFolder: old });
    await client.exec(`
      INSERT INTO sys_setting (key, value) VALUES ('seed.demo.v1', '{}');
      INSERT INTO sys_org (name, code) VALUES ('Group', 'G');
      INSERT INTO biz_tou_template (code, name, segments, prices)
        VALUES ('TOU-OLD', 'Old', '[{"start":"00:00","end":"24:00","period":"flat"}]',
          '{"sharp":1,"peak":1,"flat":1,"valley":1,"deepValley":1}');
      INSERT INTO biz_station (code, name, province_code, rated_power_kw, capacity_kwh, type, longitude, latitude,
          org_id, tou_template_id)
        SELECT 'S-1', 'One', '32', 100, 215, 'operating', 120, 31, o.id, t.id FROM sys_org o, biz_tou_template t;
      INSERT INTO biz_station (code, name, province_code, rated_power_kw, capacity_kwh, type, longitude, latitude,
          org_id, tou_template_id)
        SELECT 'S-2', 'Two', '32', 100, 215, 'operating', 120, 31, o.id, NULL FROM sys_org o;
    `);
    await migrate(db, { migrationsFolder: FOLDER });

    expect(
      await rows<{ code: string; template: string }>(`
        SELECT s.code, t.code AS template FROM biz_station_tou_template st
        JOIN biz_station s ON s.id = st.station_id JOIN biz_tou_template t ON t.id = st.template_id`),
    ).toEqual([{ code: 'S-1', template: 'TOU-OLD' }]);
    expect(await rows<{ electricity_type: string }>('SELECT electricity_type FROM biz_tou_template')).toEqual([
      { electricity_type: 'commercial' },
    ]);
    const items = await rows<{ key: string; zh: string }>(`
      SELECT i.key, i.labels->>'zh_CN' AS zh FROM sys_dict_item i JOIN sys_dict_type t ON t.id = i.type_id
      WHERE t.type = 'electricityType' ORDER BY i.sort`);
    expect(items.map((i) => i.key)).toEqual(['commercial', 'largeIndustry', 'residential', 'agriculture']);
    expect(items[0]?.zh).toBe('一般工商业');
  });
});

describe('migration 0034 on a station holding several templates', () => {
  it('turns them into dated versions that price every day as before', async () => {
    const pg = new PGlite();
    const before = migrationsBefore(34);
    try {
      const q = async <T>(text: string): Promise<T[]> => (await pg.query<T>(text)).rows;
      await migrate(drizzle(pg), { migrationsFolder: before });
      await pg.exec(`
        INSERT INTO sys_setting (key, value) VALUES ('seed.demo.v1', '{}');
        INSERT INTO sys_org (name, code) VALUES ('Group', 'G');
        INSERT INTO biz_tou_template (code, name, segments, prices, valid_from, valid_to, enabled)
          SELECT c, c, '[{"start":"00:00","end":"24:00","period":"flat"}]',
            '{"sharp":1,"peak":1,"flat":1,"valley":1,"deepValley":1}', f, t, e
          FROM (VALUES ('OLD', NULL, '2025-06-30', true), ('NEW', '2025-07-01', NULL, true),
                       ('OFF', '2025-03-01', NULL, false), ('ONLY-OFF', NULL, NULL, false)) v(c, f, t, e);
        INSERT INTO biz_station (code, name, province_code, rated_power_kw, capacity_kwh, type, longitude, latitude, org_id)
          SELECT s, s, '32', 100, 215, 'operating', 120, 31, o.id FROM sys_org o, (VALUES ('S-1'), ('S-2')) v(s);
        INSERT INTO biz_station_tou_template (station_id, template_id)
          SELECT s.id, t.id FROM biz_station s, biz_tou_template t
          WHERE (s.code = 'S-1' AND t.code IN ('OLD', 'NEW', 'OFF')) OR (s.code = 'S-2' AND t.code = 'ONLY-OFF');
      `);
      await migrate(drizzle(pg), { migrationsFolder: FOLDER });
      expect(
        await q<{ station: string; template: string; valid_from: string | null }>(`
          SELECT s.code AS station, t.code AS template, st.valid_from FROM biz_station_tou_template st
          JOIN biz_station s ON s.id = st.station_id JOIN biz_tou_template t ON t.id = st.template_id
          ORDER BY s.code, st.valid_from NULLS FIRST`),
      ).toEqual([
        // The disabled one priced nothing next to enabled ones: gone; the first is from the beginning.
        { station: 'S-1', template: 'OLD', valid_from: null },
        { station: 'S-1', template: 'NEW', valid_from: '2025-07-01' },
        { station: 'S-2', template: 'ONLY-OFF', valid_from: null },
      ]);
    } finally {
      await pg.close();
      rmSync(before, { recursive: true, force: true });
    }
  });
});
