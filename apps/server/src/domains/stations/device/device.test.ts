import { type DeviceNode, ResultCode } from '@ess/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, logs } from '../../../db/schema';
import { call, createTestApp, stationIdLookup, type TestContext } from '../../../test/harness';
import { deviceIdOf, pointIdOf, writeLatest } from '../point/telemetry-fixtures.kit';
import { secretMatches } from './device-secret';
import { ROLES, type Role, sees, signInAll } from './sessions.kit';

let ctx: TestContext;
let tokens: Record<Role, string>;
let sid: (code: string) => number;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
  tokens = await signInAll(ctx.app);
  sid = await stationIdLookup(ctx.database.db);
});
afterAll(() => ctx?.close());

const flatten = (nodes: DeviceNode[]): DeviceNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

describe('treeTrueDevices', () => {
  const URL = '/api/business/device/treeTrueDevices';

  it("nests a container station's real devices: EMS → PCS → clusters, meters → PV and piles", async () => {
    const res = await call(ctx.app, tokens.admin, 'POST', URL, { stationId: sid('JS-SZ01') }, 'en_US');
    expect(res.statusCode, res.body).toBe(200);
    const tree: DeviceNode[] = res.json().data;
    expect(tree.map((n) => n.sn)).toEqual(['JS-SZ01-EMS']);
    const [ems] = tree;
    expect(ems?.children.map((c) => c.sn)).toEqual([
      'JS-SZ01-PCS-1',
      'JS-SZ01-AC-1',
      'JS-SZ01-PCS-2',
      'JS-SZ01-AC-2',
      'JS-SZ01-MTR-GW',
      'JS-SZ01-MTR-ES',
      'JS-SZ01-MTR-PV',
      'JS-SZ01-MTR-LD',
    ]);
    const all = flatten(tree);
    const pcs1 = all.find((n) => n.sn === 'JS-SZ01-PCS-1');
    expect(pcs1?.children.map((c) => c.sn)).toEqual(['JS-SZ01-BMS-1-1', 'JS-SZ01-BMS-1-2']);
    expect(all.find((n) => n.sn === 'JS-SZ01-MTR-PV')?.children).toHaveLength(6);
    expect(all.find((n) => n.sn === 'JS-SZ01-MTR-LD')?.children.map((c) => c.type)).toEqual([
      'charger',
      'charger',
      'charger',
      'charger',
    ]);
    expect(all.some((n) => n.type === 'virtual')).toBe(false);
    expect(pcs1).toMatchObject({
      name: 'PCS-1',
      type: 'pcs',
      typeName: 'PCS',
      status: 'offline',
      modelCode: 'PCS-1250',
      modelName: 'Power conversion system',
      manufacturer: 'Sungrow',
      lastSeenAt: null,
    });
    const pile = all.find((n) => n.sn === 'JS-SZ01-DC-1');
    expect(pile).toMatchObject({ typeName: 'Charging pile', unitPrice: 1.2, serviceFee: 0.6 });
  });

  it('names device types and models in the request language', async () => {
    const res = await call(ctx.app, tokens.admin, 'POST', URL, { stationId: sid('GD-GZ01') }, 'ja_JP');
    const cab = flatten(res.json().data).find((n) => n.type === 'cabinet');
    expect(cab).toMatchObject({ typeName: '一体型キャビネット', modelName: '215kWh一体型キャビネット' });
  });

  it('answers a station outside the caller’s scope like a missing one, for every role', async () => {
    for (const role of ROLES) {
      for (const code of ['JS-SZ01', 'GD-SZ01']) {
        const res = await call(ctx.app, tokens[role], 'POST', URL, { stationId: sid(code) }, 'en_US');
        if (sees(role, code)) expect(res.statusCode, `${role} ${code}`).toBe(200);
        else {
          expect(res.statusCode, `${role} ${code}`).toBe(404);
          expect(res.json()).toEqual({ code: 404, msg: 'Station does not exist or is not accessible', data: null });
        }
      }
    }
    const proposed = await call(ctx.app, tokens.admin, 'POST', URL, { stationId: sid('GD-DG01') });
    expect(proposed.json().data).toEqual([]);
  });

  it('refuses malformed bodies with 400 and anonymous callers with 401', async () => {
    for (const body of [{}, { stationId: 'x' }, { stationId: -3 }]) {
      const res = await call(ctx.app, tokens.admin, 'POST', URL, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call(ctx.app, null, 'POST', URL, { stationId: 1 })).statusCode).toBe(401);
  });
});

describe('getVirtualDevice', () => {
  it('lists the station-totals device with its formulas and latest values', async () => {
    const db = ctx.database.db;
    const storage = await pointIdOf(db, 'JS-SZ01-VIRT', 'storagePower');
    await writeLatest(db, [{ pointId: storage, ts: 1_700_000_000_000, value: -812.5 }]);
    const res = await call(
      ctx.app,
      tokens.operator,
      'POST',
      '/api/business/device/getVirtualDevice',
      { stationId: sid('JS-SZ01') },
      'es_ES',
    );
    expect(res.statusCode, res.body).toBe(200);
    const [totals] = res.json().data;
    expect(totals.sn).toBe('JS-SZ01-VIRT');
    expect(totals.points.map((p: { code: string }) => p.code)).toEqual([
      'storagePower',
      'soc',
      'pvPower',
      'loadPower',
      'gridPower',
      'chargerPower',
    ]);
    expect(totals.points[0]).toMatchObject({
      name: 'Potencia de almacenamiento',
      unit: 'kW',
      formula: 'sum(type:pcs.p)',
      value: -812.5,
      ts: 1_700_000_000_000,
    });
    expect(totals.points[2]).toMatchObject({ formula: '{JS-SZ01-MTR-PV.p}', value: null, ts: null });
    const other = await call(ctx.app, tokens.operator, 'POST', '/api/business/device/getVirtualDevice', {
      stationId: sid('GD-GZ01'),
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('latestByType', () => {
  it("lists a station's cabinets with their latest values and state labels in one call", async () => {
    const db = ctx.database.db;
    const soc = await pointIdOf(db, 'JS-NJ01-CAB-03', 'soc');
    const run = await pointIdOf(db, 'JS-NJ01-CAB-03', 'runState');
    await writeLatest(db, [
      { pointId: soc, ts: 1_700_000_001_000, value: 64.2 },
      { pointId: run, ts: 1_700_000_001_000, value: 2 },
    ]);
    const res = await call(
      ctx.app,
      tokens.manager,
      'POST',
      '/api/business/device/latestByType',
      { stationId: sid('JS-NJ01'), type: 'cabinet' },
      'en_US',
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.type).toBe('cabinet');
    expect(data.devices).toHaveLength(10);
    expect(data.points.map((p: { code: string }) => p.code)).toContain('soc');
    expect(data.points.find((p: { code: string }) => p.code === 'runState').states).toMatchObject({
      '1': 'Charging',
      '2': 'Discharging',
    });
    const cab3 = data.devices.find((d: { sn: string }) => d.sn === 'JS-NJ01-CAB-03');
    expect(cab3.values).toEqual({
      soc: { value: 64.2, ts: 1_700_000_001_000, text: null },
      runState: { value: 2, ts: 1_700_000_001_000, text: 'Discharging' },
    });
    const bad = await call(ctx.app, tokens.manager, 'POST', '/api/business/device/latestByType', {
      stationId: sid('JS-NJ01'),
      type: 'toaster',
    });
    expect(bad.statusCode).toBe(400);
    const outOfScope = await call(ctx.app, tokens.maintainer, 'POST', '/api/business/device/latestByType', {
      stationId: sid('JS-NJ01'),
      type: 'cabinet',
    });
    expect(outOfScope.statusCode).toBe(404);
  });
});

describe('credentials', () => {
  const URL = '/api/business/device/credentials';

  it('gives the admin new MQTT credentials once, stores only a hash and logs without the secret', async () => {
    const db = ctx.database.db;
    const deviceId = await deviceIdOf(db, 'GD-GZ01-CAB-01');
    const first = await call(ctx.app, tokens.admin, 'POST', URL, { deviceId });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const { username, password } = first.json().data;
    expect(username).toBe('GD-GZ01-CAB-01');
    expect(password.length).toBeGreaterThanOrEqual(32);
    const [row] = await db.select().from(devices).where(eq(devices.id, deviceId));
    expect(secretMatches(row?.mqttSecretHash ?? null, password)).toBe(true);
    expect(row?.mqttSecretHash).not.toContain(password);

    const second = await call(ctx.app, tokens.admin, 'POST', URL, { deviceId: String(deviceId) });
    expect(second.json().data.password).not.toBe(password);
    const [again] = await db.select().from(devices).where(eq(devices.id, deviceId));
    expect(secretMatches(again?.mqttSecretHash ?? null, password)).toBe(false);

    const entries = await db
      .select()
      .from(logs)
      .where(and(eq(logs.name, 'device.credentials'), eq(logs.username, 'admin')));
    expect(entries).toHaveLength(2);
    for (const e of entries) {
      expect(JSON.parse(e.params ?? '{}')).toEqual({ deviceId, sn: 'GD-GZ01-CAB-01' });
      expect(e.params).not.toContain(password);
    }
  });

  it('refuses everyone but the admin with 403, even in their own stations', async () => {
    const deviceId = await deviceIdOf(ctx.database.db, 'GD-GZ01-CAB-01');
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      const res = await call(ctx.app, tokens[role], 'POST', URL, { deviceId }, 'en_US');
      expect(res.statusCode, role).toBe(403);
      expect(res.json().code).toBe(ResultCode.FORBIDDEN);
    }
  });

  it('has no credentials for virtual devices (400) nor unknown ones (404)', async () => {
    const virtual = await deviceIdOf(ctx.database.db, 'GD-GZ01-VIRT');
    const v = await call(ctx.app, tokens.admin, 'POST', URL, { deviceId: virtual }, 'en_US');
    expect(v.statusCode).toBe(400);
    expect(v.json().msg).toBe('A virtual device has no credentials');
    const missing = await call(ctx.app, tokens.admin, 'POST', URL, { deviceId: 999_999 }, 'en_US');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('Device does not exist or is not accessible');
  });
});
