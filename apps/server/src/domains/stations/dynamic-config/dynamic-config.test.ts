import { STATION_SKIP_PERMISSION } from '@ess/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menus } from '../../../db/schema';
import { call, createTestApp, stationIdLookup, type TestContext } from '../../../test/harness';
import { type Role, signInAll } from '../device/sessions.kit';
import { deviceIdOf, pointIdOf, writeLatest } from '../point/telemetry-fixtures.kit';

const BASE = '/api/business/dynamicConfig';

let ctx: TestContext;
let tokens: Record<Role, string>;
let js: number;
let gd: number;
let historyMenu: number;
let virtualMenu: number;
let pcs: number;
let cluster: number;
let ids: { p: number; runState: number; cellVmax: number; cabinetSoc: number };

async function menuId(code: string): Promise<number> {
  const [row] = await ctx.database.db.select({ id: menus.id }).from(menus).where(eq(menus.code, code));
  if (!row) throw new Error(`no menu ${code}`);
  return row.id;
}

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
  tokens = await signInAll(ctx.app);
  const db = ctx.database.db;
  const sid = await stationIdLookup(db);
  js = sid('JS-SZ01');
  gd = sid('GD-SZ01');
  historyMenu = await menuId('surveillance.batteryAnalysis');
  virtualMenu = await menuId('system.virtualDeviceCol');
  pcs = await deviceIdOf(db, 'JS-SZ01-PCS-1');
  cluster = await deviceIdOf(db, 'JS-SZ01-BMS-1-1');
  ids = {
    p: await pointIdOf(db, 'JS-SZ01-PCS-1', 'p'),
    runState: await pointIdOf(db, 'JS-SZ01-PCS-1', 'runState'),
    cellVmax: await pointIdOf(db, 'JS-SZ01-BMS-1-1', 'cellVmax'),
    cabinetSoc: await pointIdOf(db, 'GD-SZ01-CAB-01', 'soc'),
  };
});
afterAll(() => ctx?.close());

const key = (extra: object = {}) => ({
  stationId: js,
  pageLocation: 'history',
  divLocation: 'quickCurves',
  permissionId: historyMenu,
  ...extra,
});

describe('curve configuration', () => {
  it('replaces the rows of a page block in the given order and reads them back with names', async () => {
    const saved = await call(
      ctx.app,
      tokens.operator,
      'POST',
      `${BASE}/addCurveList`,
      {
        ...key(),
        list: [
          { deviceId: cluster, flgId: ids.cellVmax, curveName: 'Hottest cell', dragId: 'row-1' },
          { deviceId: pcs, flgId: ids.p, curveName: '' },
        ],
      },
      'en_US',
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject([
      {
        deviceId: cluster,
        deviceName: 'BMS-1.1',
        flgId: ids.cellVmax,
        col: 'cellVmax',
        colName: 'Max cell voltage',
        unit: 'V',
        curveName: 'Hottest cell',
        sort: 0,
      },
      {
        deviceId: pcs,
        sn: 'JS-SZ01-PCS-1',
        flgId: ids.p,
        col: 'p',
        kind: 'telemetry',
        precision: 1,
        curveName: null,
        sort: 1,
      },
    ]);

    const read = await call(ctx.app, tokens.manager, 'POST', `${BASE}/queryCurveConfig`, key(), 'zh_CN');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.map((r: { col: string; colName: string }) => [r.col, r.colName])).toEqual([
      ['cellVmax', '最高单体电压'],
      ['p', '有功功率'],
    ]);

    // Another block, another menu id: separate configurations.
    const other = await call(
      ctx.app,
      tokens.operator,
      'POST',
      `${BASE}/queryCurveConfig`,
      key({ divLocation: 'other' }),
    );
    expect(other.json().data).toEqual([]);
    const noMenu = await call(
      ctx.app,
      tokens.operator,
      'POST',
      `${BASE}/queryCurveConfig`,
      key({ permissionId: null }),
    );
    expect(noMenu.json().data).toEqual([]);

    const cleared = await call(ctx.app, tokens.operator, 'POST', `${BASE}/addCurveList`, { ...key(), list: [] });
    expect(cleared.json().data).toEqual([]);
  });

  it('needs a device source for every row and a point of that device (spec 5)', async () => {
    const noSource = await call(ctx.app, tokens.operator, 'POST', `${BASE}/addCurveList`, {
      ...key(),
      list: [{ flgId: ids.p }],
    });
    expect(noSource.statusCode).toBe(400);
    const mismatch = await call(
      ctx.app,
      tokens.operator,
      'POST',
      `${BASE}/addCurveList`,
      { ...key(), list: [{ deviceId: cluster, flgId: ids.p }] },
      'en_US',
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().msg).toBe(`Point ${ids.p} does not belong to device ${cluster}`);
    const foreign = await call(ctx.app, tokens.admin, 'POST', `${BASE}/addCurveList`, {
      ...key(),
      list: [{ deviceId: await deviceIdOf(ctx.database.db, 'GD-SZ01-CAB-01'), flgId: ids.cabinetSoc }],
    });
    expect(foreign.statusCode).toBe(404);
    const twice = await call(ctx.app, tokens.operator, 'POST', `${BASE}/addCurveList`, {
      ...key(),
      list: [
        { deviceId: pcs, flgId: ids.p },
        { deviceId: pcs, flgId: ids.p },
      ],
    });
    expect(twice.statusCode).toBe(400);
  });

  it('scopes by station and menu: out-of-scope stations 404, menus the roles lack 404, read-only accounts 403', async () => {
    const station = await call(ctx.app, tokens.maintainer, 'POST', `${BASE}/queryCurveConfig`, key());
    expect(station.statusCode).toBe(404);
    const menu = await call(
      ctx.app,
      tokens.operator,
      'POST',
      `${BASE}/queryCurveConfig`,
      key({ permissionId: virtualMenu }),
    );
    expect(menu.statusCode).toBe(404);
    const adminMenu = await call(
      ctx.app,
      tokens.admin,
      'POST',
      `${BASE}/queryCurveConfig`,
      key({ permissionId: virtualMenu }),
    );
    expect(adminMenu.statusCode).toBe(200);
    for (const role of ['manager', 'screen'] as const) {
      const res = await call(ctx.app, tokens[role], 'POST', `${BASE}/addCurveList`, { ...key(), list: [] });
      expect(res.statusCode, role).toBe(403);
    }
  });

  it(`ignores the permission id at station ${STATION_SKIP_PERMISSION} (spec 6)`, async () => {
    await ctx.database.db.execute(sql`
      insert into biz_station (id, code, name, province_code, rated_power_kw, capacity_kwh, type, longitude, latitude, org_id)
      select ${STATION_SKIP_PERMISSION}, 'T-720', 'Station 720', province_code, 100, 215, 'operating', longitude, latitude, org_id
      from biz_station where id = ${js}`);
    const dev = await ctx.database.db.execute(sql`
      update biz_device set station_id = ${STATION_SKIP_PERMISSION} where sn = 'JS-SZ01-DC-1' returning id`);
    const pile = (dev as unknown as { rows: { id: number }[] }).rows[0]?.id ?? 0;
    const flgId = await pointIdOf(ctx.database.db, 'JS-SZ01-DC-1', 'p');
    const at720 = { stationId: STATION_SKIP_PERMISSION, pageLocation: 'home', divLocation: 'piles' };
    const saved = await call(ctx.app, tokens.admin, 'POST', `${BASE}/addCurveList`, {
      ...at720,
      permissionId: virtualMenu,
      list: [{ deviceId: pile, flgId }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Read with any menu id, or none: the same rows.
    for (const permissionId of [historyMenu, null, 999_999]) {
      const read = await call(ctx.app, tokens.admin, 'POST', `${BASE}/queryCurveConfig`, { ...at720, permissionId });
      expect(
        read.json().data.map((r: { flgId: number }) => r.flgId),
        String(permissionId),
      ).toEqual([flgId]);
    }
  });
});

describe('point configuration', () => {
  it('saves point rows with names and serves their newest values, state labels and device status', async () => {
    const saved = await call(ctx.app, tokens.operator, 'POST', `${BASE}/addPointList`, {
      ...key({ divLocation: 'keyPoints' }),
      list: [
        { deviceId: pcs, flgId: ids.runState, name: 'PCS state' },
        { deviceId: pcs, flgId: ids.p },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const list = await call(ctx.app, tokens.manager, 'POST', `${BASE}/pointList`, key({ divLocation: 'keyPoints' }));
    // The screen role does not hold the history page's menu.
    const screen = await call(ctx.app, tokens.screen, 'POST', `${BASE}/pointList`, key({ divLocation: 'keyPoints' }));
    expect(screen.statusCode).toBe(404);
    expect(list.json().data.map((r: { col: string; name: string | null }) => [r.col, r.name])).toEqual([
      ['runState', 'PCS state'],
      ['p', null],
    ]);

    await writeLatest(ctx.database.db, [
      { pointId: ids.runState, ts: 1_700_000_000_000, value: 2 },
      { pointId: ids.p, ts: 1_700_000_001_000, value: 512.5 },
    ]);
    const data = await call(
      ctx.app,
      tokens.operator,
      'POST',
      `${BASE}/pointListData`,
      key({ divLocation: 'keyPoints' }),
      'en_US',
    );
    expect(data.statusCode, data.body).toBe(200);
    expect(data.json().data).toMatchObject([
      {
        col: 'runState',
        name: 'PCS state',
        value: 2,
        text: 'Discharging',
        ts: 1_700_000_000_000,
        status: 'offline',
        states: { '0': 'Standby', '1': 'Charging', '2': 'Discharging', '3': 'Fault', '4': 'Shutdown' },
      },
      { col: 'p', name: null, value: 512.5, text: null, unit: 'kW', states: null },
    ]);
    // Curve and point rows of one block are separate.
    const curves = await call(
      ctx.app,
      tokens.operator,
      'POST',
      `${BASE}/queryCurveConfig`,
      key({ divLocation: 'keyPoints' }),
    );
    expect(curves.json().data).toEqual([]);
    const gdData = await call(ctx.app, tokens.operator, 'POST', `${BASE}/pointListData`, key({ stationId: gd }));
    expect(gdData.statusCode).toBe(404);
  });
});
