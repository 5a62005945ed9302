import type { Lang } from '@ess/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, sqlRows, stationIdLookup, type TestContext } from '../../../test/harness';

/**
 * Issue 21 finding 7: every reader that shows a seeded device, role, organisation or alarm
 * definition names it in the request's language, and a keyword in another language than the
 * stored one still finds it. Expected names come from the rows' seeded `names`.
 */
let ctx: TestContext;
let admin: string;
let sid: (code: string) => number;

type Names = Partial<Record<Lang, string>>;
const LANGS = ['en_US', 'ja_JP'] as const;
const STATION = 'JS-SZ01';

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
  admin = await login(ctx.app, 'admin');
  sid = await stationIdLookup(ctx.database.db);
});
afterAll(() => ctx?.close());

async function namesById(query: ReturnType<typeof sql>): Promise<Map<number, Names>> {
  const rows = await sqlRows<{ id: number; names: Names }>(ctx.database.db, query);
  return new Map(rows.map((r) => [Number(r.id), r.names]));
}
const deviceNames = () =>
  namesById(sql`SELECT id, names FROM biz_device WHERE station_id = ${sid(STATION)} AND names <> '{}'::jsonb`);
const roleNames = () => namesById(sql`SELECT id, names FROM sys_role WHERE names <> '{}'::jsonb`);
const orgNames = () => namesById(sql`SELECT id, names FROM sys_org WHERE names <> '{}'::jsonb`);

async function data<T>(method: 'GET' | 'POST', url: string, body: object | undefined, lang: Lang): Promise<T> {
  const res = await call(ctx.app, admin, method, url, body, lang);
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  return res.json().data as T;
}

/** Each row naming a seeded thing (by `id`) carries its name in `lang`; at least one such row. */
function expectNamed<R>(
  rows: R[],
  seeded: Map<number, Names>,
  idOf: (r: R) => number | null,
  nameOf: (r: R) => unknown,
  lang: Lang,
) {
  const named = rows.filter((r) => {
    const id = idOf(r);
    return id !== null && seeded.has(id);
  });
  expect(named.length, lang).toBeGreaterThan(0);
  for (const r of named) expect(nameOf(r), lang).toBe(seeded.get(idOf(r) ?? 0)?.[lang]);
}

describe('readers name seeded rows in the request’s language', () => {
  it('meters, calibrations and topology jumps name their devices', async () => {
    const seeded = await deviceNames();
    const stationId = sid(STATION);
    const meter = [...seeded.keys()][0];
    await data(
      'POST',
      '/api/business/topologyJumpConfig/add',
      {
        stationId,
        items: [{ nodeKey: 'names-node', targetKind: 'device', targetDeviceId: meter }],
      },
      'en_US',
    );
    for (const lang of LANGS) {
      type MeterConfig = {
        roles: { deviceId: number | null; deviceName: string | null }[];
        meters: { deviceId: number; name: string }[];
      };
      const meters = await data<MeterConfig>(
        'POST',
        '/api/business/xinFengMing/queryElecMeterConfig',
        { stationId },
        lang,
      );
      expectNamed(
        meters.roles,
        seeded,
        (r) => r.deviceId,
        (r) => r.deviceName,
        lang,
      );
      expectNamed(
        meters.meters,
        seeded,
        (r) => r.deviceId,
        (r) => r.name,
        lang,
      );

      const offsets = await data<{ rows: { deviceId: number; deviceName: string }[] }>(
        'POST',
        '/api/business/offset/page',
        { stationId, pageNum: 1, pageSize: 100 },
        lang,
      );
      expectNamed(
        offsets.rows,
        seeded,
        (r) => r.deviceId,
        (r) => r.deviceName,
        lang,
      );

      const jumps = await data<{ targetDeviceId: number | null; targetDeviceName: string | null }[]>(
        'POST',
        '/api/business/topologyJumpConfig/list',
        { stationId },
        lang,
      );
      expectNamed(
        jumps,
        seeded,
        (r) => r.targetDeviceId,
        (r) => r.targetDeviceName,
        lang,
      );
    }
  });

  it('cabinets for remote control are named in the request’s language', async () => {
    const [station] = await sqlRows<{ id: number }>(
      ctx.database.db,
      sql`SELECT station_id AS id FROM biz_device WHERE type = 'cabinet' AND names <> '{}'::jsonb LIMIT 1`,
    );
    if (!station) throw new Error('no seeded cabinet');
    const stationId = Number(station.id);
    const seeded = await namesById(sql`SELECT id, names FROM biz_device WHERE station_id = ${stationId}`);
    for (const lang of LANGS) {
      const cabinets = await data<{ deviceId: number; name: string }[]>(
        'POST',
        '/api/control/cabinets',
        { stationId },
        lang,
      );
      expectNamed(
        cabinets,
        seeded,
        (r) => r.deviceId,
        (r) => r.name,
        lang,
      );
    }
  });

  it('users, station roles and stations name their roles and organisations', async () => {
    const [roles, orgs] = await Promise.all([roleNames(), orgNames()]);
    const [operator] = await sqlRows<{ id: number; role: number; dept: number }>(
      ctx.database.db,
      sql`SELECT u.id, ur.role_id AS role, u.dept_id AS dept FROM sys_user u
        JOIN sys_user_role ur ON ur.user_id = u.id WHERE u.username = 'operator'`,
    );
    if (!operator) throw new Error('no operator');
    await data(
      'POST',
      '/api/sys/stationRole/add',
      { userId: operator.id, stationId: sid('GD-SZ01'), roleId: operator.role },
      'en_US',
    );
    for (const lang of LANGS) {
      type User = {
        id: number;
        deptId: number | null;
        deptName: string | null;
        roleIds: number[];
        roleNames: string[];
      };
      const users = await data<{ rows: User[] }>('POST', '/api/sys/user/page', { pageNum: 1, pageSize: 50 }, lang);
      expectNamed(
        users.rows,
        orgs,
        (u) => u.deptId,
        (u) => u.deptName,
        lang,
      );
      for (const u of users.rows) expect(u.roleNames, lang).toEqual(u.roleIds.map((id) => roles.get(id)?.[lang]));

      const detail = await data<User>('POST', '/api/sys/user/detail', { id: operator.id }, lang);
      expect(detail.deptName).toBe(orgs.get(operator.dept)?.[lang]);
      expect(detail.roleNames).toEqual([roles.get(operator.role)?.[lang]]);
      const info = await data<{ deptName: string | null; deptId: number }>('GET', '/api/sys/user/get', undefined, lang);
      expect(info.deptName).toBe(orgs.get(info.deptId)?.[lang]);

      const options = await data<{ roles: { id: number; name: string }[]; orgs: { id: number; name: string }[] }>(
        'GET',
        '/api/sys/user/options',
        undefined,
        lang,
      );
      expectNamed(
        options.roles,
        roles,
        (r) => r.id,
        (r) => r.name,
        lang,
      );
      expectNamed(
        options.orgs,
        orgs,
        (o) => o.id,
        (o) => o.name,
        lang,
      );

      const stationRoles = await data<{ rows: { roleId: number; roleName: string }[] }>(
        'POST',
        '/api/sys/stationRole/page',
        { pageNum: 1, pageSize: 50 },
        lang,
      );
      expectNamed(
        stationRoles.rows,
        roles,
        (r) => r.roleId,
        (r) => r.roleName,
        lang,
      );

      const stations = await data<{ rows: { orgId: number | null; orgName: string | null }[] }>(
        'POST',
        '/api/business/station/page',
        { pageNum: 1, pageSize: 50 },
        lang,
      );
      expectNamed(
        stations.rows,
        orgs,
        (s) => s.orgId,
        (s) => s.orgName,
        lang,
      );
    }
  });

  it('station alarm rules name their seeded definitions', async () => {
    const seeded = await namesById(sql`SELECT id, names FROM alarm_definition WHERE names <> '{}'::jsonb`);
    for (const lang of LANGS) {
      const rules = await data<{ definitionId: number; name: string }[]>(
        'POST',
        '/api/alarm/config/station/rules',
        { stationId: sid(STATION) },
        lang,
      );
      expectNamed(
        rules,
        seeded,
        (r) => r.definitionId,
        (r) => r.name,
        lang,
      );
    }
  });

  it('a keyword in another language finds seeded devices and roles', async () => {
    const [device] = [
      ...(
        await namesById(
          sql`SELECT id, names FROM biz_device WHERE station_id = ${sid(STATION)} AND type <> 'virtual' AND names <> '{}'::jsonb`,
        )
      ).entries(),
    ];
    const [role] = [...(await roleNames()).entries()];
    if (!device || !role) throw new Error('no seeded device or role');
    const deviceWord = device[1].en_US ?? '';
    const equipment = await data<{ rows: { id: number }[] }>(
      'POST',
      '/api/business/equipment/page',
      { stationId: sid(STATION), keyword: deviceWord, pageNum: 1, pageSize: 50 },
      'zh_CN',
    );
    expect(equipment.rows.map((r) => r.id)).toContain(device[0]);
    // The EMS list joins stations (which have names too): the match stays on the device.
    const [ems] = await sqlRows<{ id: number; names: Names }>(
      ctx.database.db,
      sql`SELECT id, names FROM biz_device WHERE station_id = ${sid(STATION)} AND type = 'ems' AND names <> '{}'::jsonb`,
    );
    if (!ems) throw new Error('no seeded EMS');
    const emsPage = await data<{ rows: { id: number; name: string }[] }>(
      'POST',
      '/api/business/emsEquipment/page',
      { keyword: ems.names.ja_JP ?? '', pageNum: 1, pageSize: 50 },
      'en_US',
    );
    expect(emsPage.rows.find((r) => r.id === Number(ems.id))?.name).toBe(ems.names.en_US);
    const roleWord = role[1].en_US ?? '';
    const rolePage = await data<{ rows: { id: number }[] }>(
      'POST',
      '/api/sys/role/page',
      { name: roleWord, pageNum: 1, pageSize: 50 },
      'ja_JP',
    );
    expect(rolePage.rows.map((r) => r.id)).toContain(role[0]);
    // Language keys are not names: "en_US" finds nothing by them.
    const byKey = await data<{ rows: { id: number }[] }>(
      'POST',
      '/api/sys/role/page',
      { name: 'en_US', pageNum: 1, pageSize: 50 },
      'en_US',
    );
    expect(byKey.rows).toEqual([]);
  });
});
