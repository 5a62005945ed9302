import {
  type AlarmDefinition,
  DEVICE_MODELS,
  type DeviceNode,
  type EquipmentRow,
  type Lang,
  METER_ROLE_NAMES,
  stationLayout,
} from '@ess/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmEvents } from '../../../db/alarm-schema';
import { SEED_STATIONS } from '../../../db/seed-data';
import { call, createTestApp, sqlRows, stationIdLookup, type TestContext } from '../../../test/harness';
import { rerunMigrationData } from '../../../test/migration-data';
import { definitionNames } from '../../alarms/alarm/alarm-seed';
import { deviceIdOf } from '../point/telemetry-fixtures.kit';
import { signInAll } from './sessions.kit';

/**
 * Seeded devices and alarm definitions read in the request's language (issue 21 finding 7); a
 * name edited by hand is what the user typed, in every language.
 */
let ctx: TestContext;
let admin: string;
let sid: (code: string) => number;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
  admin = (await signInAll(ctx.app)).admin;
  sid = await stationIdLookup(ctx.database.db);
});
afterAll(() => ctx?.close());

const flat = (nodes: DeviceNode[]): DeviceNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

async function tree(stationCode: string, lang: Lang): Promise<Map<string, string>> {
  const res = await call(
    ctx.app,
    admin,
    'POST',
    '/api/business/device/treeTrueDevices',
    { stationId: sid(stationCode) },
    lang,
  );
  expect(res.statusCode, res.body).toBe(200);
  return new Map(flat(res.json().data).map((d) => [d.sn, d.name]));
}

async function equipment(id: number, lang: Lang): Promise<EquipmentRow> {
  const res = await call(ctx.app, admin, 'POST', '/api/business/equipment/detail', { id }, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function definition(id: number, lang: Lang): Promise<AlarmDefinition> {
  const res = await call(ctx.app, admin, 'POST', '/api/alarm/definition/detail', { id }, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const seededId = async (seedKey: string) => {
  const [row] = await sqlRows<{ id: number }>(
    ctx.database.db,
    sql`SELECT id FROM alarm_definition WHERE seed_key = ${seedKey}`,
  );
  if (!row) throw new Error(`no seeded definition ${seedKey}`);
  return row.id;
};

describe('seeded names in the reader’s language', () => {
  it('devices of the demo stations read in each language', async () => {
    const station = SEED_STATIONS.find((s) => s.code === 'JS-SZ01');
    if (!station) throw new Error('no JS-SZ01');
    const layout = stationLayout(station);
    for (const lang of ['zh_CN', 'en_US', 'es_ES', 'ja_JP'] as const) {
      const names = await tree('JS-SZ01', lang);
      for (const d of layout.devices) expect(names.get(d.sn), `${d.sn} ${lang}`).toBe(d.names[lang]);
    }
    expect((await tree('JS-SZ01', 'zh_CN')).get('JS-SZ01-MTR-GW')).toBe(METER_ROLE_NAMES.gateway.zh_CN);

    const virtual = await call(
      ctx.app,
      admin,
      'POST',
      '/api/business/virtual/getVirtualList',
      { stationId: sid('JS-SZ01') },
      'ja_JP',
    );
    expect(virtual.statusCode, virtual.body).toBe(200);
    expect(virtual.json().data.map((v: { name: string }) => v.name)).toEqual([layout.virtual?.names.ja_JP]);
  });

  it('alarm definitions read in each language, from the point names of the catalogue', async () => {
    const id = await seededId('bms.cellVmax.high');
    const point = DEVICE_MODELS.flatMap((m) => m.points).find((p) => p.code === 'cellVmax');
    if (!point) throw new Error('no cellVmax');
    const expected = definitionNames('bms', point, 'high');
    for (const lang of ['zh_CN', 'en_US', 'es_ES', 'ja_JP'] as const) {
      expect((await definition(id, lang)).name, lang).toBe(expected[lang]);
    }
  });

  it('alarm events name their seeded device in the reader’s language', async () => {
    const stationId = sid('ZJ-HZ01');
    const deviceId = await deviceIdOf(ctx.database.db, 'ZJ-HZ01-MTR-PV');
    await ctx.database.db.insert(alarmEvents).values({
      stationId,
      deviceId,
      deviceType: 'meter',
      kind: 'offline',
      level: 2,
      content: '',
      dedupKey: 'seeded-names-offline',
      raisedAt: new Date(),
    });
    for (const lang of ['zh_CN', 'ja_JP'] as const) {
      const res = await call(
        ctx.app,
        admin,
        'POST',
        '/api/alarm/realtime/page',
        { stationId, pageNum: 1, pageSize: 10 },
        lang,
      );
      expect(res.statusCode, res.body).toBe(200);
      const event = res.json().data.rows.find((e: { deviceId: number }) => e.deviceId === deviceId);
      expect(event?.deviceName, lang).toBe(METER_ROLE_NAMES.pv[lang]);
      expect(event?.content, lang).toContain(METER_ROLE_NAMES.pv[lang]);
    }
  });

  it('keeps the translations when the shown name comes back, and what the user typed otherwise', async () => {
    const meter = await deviceIdOf(ctx.database.db, 'JS-SZ01-MTR-LD');
    const shown = await equipment(meter, 'en_US');
    const update = (name: string) =>
      call(ctx.app, admin, 'POST', '/api/business/equipment/update', { ...shown, name }, 'en_US');
    expect((await update(shown.name)).statusCode).toBe(200);
    expect((await equipment(meter, 'zh_CN')).name).toBe(METER_ROLE_NAMES.load.zh_CN);
    expect((await update('Main load feeder')).statusCode).toBe(200);
    for (const lang of ['zh_CN', 'en_US', 'ja_JP'] as const)
      expect((await equipment(meter, lang)).name).toBe('Main load feeder');

    const id = await seededId('bms.cellVmin.low');
    const def = await definition(id, 'en_US');
    const { updateTime: _, deviceName: __, ...body } = def;
    const save = (name: string) =>
      call(ctx.app, admin, 'POST', '/api/alarm/definition/update', { ...body, name }, 'en_US');
    const kept = await save(def.name);
    expect(kept.statusCode, kept.body).toBe(200);
    const zh = (await definition(id, 'zh_CN')).name;
    expect(zh).not.toBe(def.name);
    expect((await save('Cells too low')).statusCode).toBe(200);
    expect((await definition(id, 'zh_CN')).name).toBe('Cells too low');
  });

  it('migration 0036 names the seeded devices of an older database, not the renamed ones', async () => {
    const { db } = ctx.database;
    await db.execute(sql`UPDATE biz_device SET names = '{}'::jsonb WHERE sn LIKE 'GD-SZ01-%'`);
    await db.execute(sql`UPDATE biz_device SET name = 'Incomer' WHERE sn = 'GD-SZ01-MTR-GW'`);
    await rerunMigrationData(db, '0036_seeded_names.sql');
    const station = SEED_STATIONS.find((s) => s.code === 'GD-SZ01');
    if (!station) throw new Error('no GD-SZ01');
    const names = await tree('GD-SZ01', 'zh_CN');
    expect(names.get('GD-SZ01-MTR-GW')).toBe('Incomer');
    for (const d of stationLayout(station).devices) {
      if (d.type === 'meter' && d.meterRole !== 'gateway') expect(names.get(d.sn), d.sn).toBe(d.names.zh_CN);
      if (d.type === 'pv' || d.type === 'charger') expect(names.get(d.sn), d.sn).toBe(d.names.zh_CN);
    }
  });
});
