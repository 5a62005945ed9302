import { DEVICE_MODELS } from '@ess/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, stationIdLookup, type TestContext } from '../../../test/harness';
import { ROLES, type Role, sees, signInAll } from '../device/sessions.kit';
import { deviceIdOf, pointIdOf, writeLatest } from './telemetry-fixtures.kit';

let ctx: TestContext;
let tokens: Record<Role, string>;
let sid: (code: string) => number;
let pcs: number;
let cabinet: number;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
  tokens = await signInAll(ctx.app);
  sid = await stationIdLookup(ctx.database.db);
  pcs = await deviceIdOf(ctx.database.db, 'JS-SZ01-PCS-1');
  cabinet = await deviceIdOf(ctx.database.db, 'GD-SZ01-CAB-01');
});
afterAll(() => ctx?.close());

const pcsModel = DEVICE_MODELS.find((m) => m.code === 'PCS-1250');

describe('pointList', () => {
  it("lists the device's points with kind, unit, precision and state labels", async () => {
    const res = await call(
      ctx.app,
      tokens.operator,
      'POST',
      '/api/business/point/pointList',
      { deviceId: pcs },
      'en_US',
    );
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data;
    expect(list.map((p: { code: string }) => p.code)).toEqual(pcsModel?.points.map((p) => p.code));
    expect(list[0]).toMatchObject({ code: 'p', name: 'Active power', unit: 'kW', kind: 'telemetry', precision: 1 });
    expect(list[0].states).toBeNull();
    const run = list.find((p: { code: string }) => p.code === 'runState');
    expect(run).toMatchObject({ kind: 'status', unit: null });
    expect(run.states).toEqual({ '0': 'Standby', '1': 'Charging', '2': 'Discharging', '3': 'Fault', '4': 'Shutdown' });
    expect(list.find((p: { code: string }) => p.code === 'chargeEnergy')).toMatchObject({ counter: true, unit: 'kWh' });
    expect(list.find((p: { code: string }) => p.code === 'pSet')).toMatchObject({ kind: 'setpoint', min: -1250 });
  });

  it('answers a device of a station out of scope like a missing one, for every role', async () => {
    for (const role of ROLES) {
      for (const [deviceId, station] of [
        [pcs, 'JS-SZ01'],
        [cabinet, 'GD-SZ01'],
      ] as const) {
        const res = await call(ctx.app, tokens[role], 'POST', '/api/business/point/pointList', { deviceId }, 'en_US');
        if (sees(role, station)) expect(res.statusCode, `${role} ${station}`).toBe(200);
        else
          expect(res.json(), `${role} ${station}`).toEqual({
            code: 404,
            msg: 'Device does not exist or is not accessible',
            data: null,
          });
      }
    }
  });
});

describe('pointDataShowList', () => {
  it('gives every point with its latest value, state text for status points, null before data', async () => {
    const db = ctx.database.db;
    await writeLatest(db, [
      { pointId: await pointIdOf(db, 'JS-SZ01-PCS-1', 'p'), ts: 1_700_000_000_000, value: -420.5 },
      { pointId: await pointIdOf(db, 'JS-SZ01-PCS-1', 'runState'), ts: 1_700_000_000_000, value: 1 },
    ]);
    const res = await call(
      ctx.app,
      tokens.screen,
      'POST',
      '/api/business/point/pointDataShowList',
      { deviceId: pcs },
      'zh_CN',
    );
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data;
    expect(list).toHaveLength(pcsModel?.points.length ?? 0);
    expect(list[0]).toMatchObject({ code: 'p', name: '有功功率', unit: 'kW', value: -420.5, ts: 1_700_000_000_000 });
    expect(list[0].text).toBeNull();
    expect(list.find((p: { code: string }) => p.code === 'runState')).toMatchObject({ value: 1, text: '充电' });
    expect(list.find((p: { code: string }) => p.code === 'ua')).toMatchObject({ value: null, ts: null, text: null });
    const other = await call(ctx.app, tokens.maintainer, 'POST', '/api/business/point/pointDataShowList', {
      deviceId: pcs,
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('queryPoint', () => {
  const URL = '/api/business/point/queryPoint';
  type Item = { srcId: number; deviceType: string; deviceTypeColList: { col: string; kind: string; flgId: number }[] };

  it('selects status points by default (sensType 2, the pointType dictionary value)', async () => {
    const res = await call(ctx.app, tokens.operator, 'POST', URL, { stationId: sid('JS-SZ01'), srcId: pcs }, 'en_US');
    expect(res.statusCode, res.body).toBe(200);
    const [item]: Item[] = res.json().data;
    expect(item).toMatchObject({ srcId: pcs, deviceName: 'PCS-1', deviceType: 'pcs', deviceTypeName: 'PCS' });
    const statusCodes = pcsModel?.points.filter((p) => p.kind === 'status').map((p) => p.code);
    expect(statusCodes?.[0]).toBe('runState');
    expect(item?.deviceTypeColList.map((c) => c.col)).toEqual(statusCodes);
    expect(item?.deviceTypeColList[0]).toMatchObject({ colName: 'Run state', kind: 'status' });
    expect(item?.deviceTypeColList[0]?.flgId).toBe(await pointIdOf(ctx.database.db, 'JS-SZ01-PCS-1', 'runState'));
  });

  it('selects telemetry, control, setpoint or every kind, for one device or all of the station', async () => {
    const kinds = async (sensType: number | string) => {
      const res = await call(ctx.app, tokens.operator, 'POST', URL, {
        stationId: sid('JS-SZ01'),
        srcId: pcs,
        sensType,
      });
      return [...new Set((res.json().data as Item[])[0]?.deviceTypeColList.map((c) => c.kind))];
    };
    expect(await kinds(1)).toEqual(['telemetry']);
    expect(await kinds('3')).toEqual(['control']);
    expect(await kinds(4)).toEqual(['setpoint']);
    expect((await kinds(0)).sort()).toEqual(['control', 'setpoint', 'status', 'telemetry']);
    const all = await call(ctx.app, tokens.operator, 'POST', URL, { stationId: sid('JS-SZ01'), sensType: 1 });
    const items: Item[] = all.json().data;
    expect(items.length).toBeGreaterThan(20);
    expect(items.some((i) => i.deviceType === 'virtual')).toBe(true);
    for (const sensType of [5, -1, 'x', 1.5]) {
      const bad = await call(ctx.app, tokens.operator, 'POST', URL, { stationId: sid('JS-SZ01'), sensType });
      expect(bad.statusCode, String(sensType)).toBe(400);
    }
  });

  it('refuses a device of another station and a station out of scope with 404', async () => {
    const wrong = await call(ctx.app, tokens.admin, 'POST', URL, { stationId: sid('JS-SZ01'), srcId: cabinet });
    expect(wrong.statusCode).toBe(404);
    const scope = await call(ctx.app, tokens.maintainer, 'POST', URL, { stationId: sid('JS-SZ01') });
    expect(scope.statusCode).toBe(404);
  });
});

describe('queryVirtualPoint', () => {
  it("lists the station's virtual points with their device and formula", async () => {
    const res = await call(
      ctx.app,
      tokens.maintainer,
      'POST',
      '/api/business/point/queryVirtualPoint',
      { stationId: sid('GD-SZ01') },
      'en_US',
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data;
    expect(rows).toHaveLength(6);
    expect(rows[0]).toMatchObject({ sn: 'GD-SZ01-VIRT', deviceName: 'Station totals', code: 'storagePower' });
    expect(rows[0].formula).toBe('sum(type:cabinet.p)');
    expect(rows[1].formula).toBe('avg(type:cabinet.soc)');
    const one = await call(ctx.app, tokens.maintainer, 'POST', '/api/business/point/queryVirtualPoint', {
      stationId: sid('GD-SZ01'),
      deviceId: cabinet,
    });
    expect(one.statusCode).toBe(404);
    const scope = await call(ctx.app, tokens.operator, 'POST', '/api/business/point/queryVirtualPoint', {
      stationId: sid('GD-SZ01'),
    });
    expect(scope.statusCode).toBe(404);
  });
});
