import type { VirtualDevice } from '@ess/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TelemetryBus } from '../../../kernel/telemetry-bus';
import { call, createTestApp, stationIdLookup, type TestContext } from '../../../test/harness';
import { ROLES, type Role, signInAll } from '../device/sessions.kit';
import { deviceIdOf } from '../point/telemetry-fixtures.kit';
import { VirtualService } from './virtual.service';

const V = '/api/business/virtual';
let ctx: TestContext;
let tokens: Record<Role, string>;
let sid: (code: string) => number;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
  tokens = await signInAll(ctx.app);
  sid = await stationIdLookup(ctx.database.db);
});
afterAll(() => ctx?.close());

const cabinetTotals = (stationId: number) => ({
  stationId,
  name: 'Cabinet totals',
  points: [
    { code: 'power', name: '柜总功率', names: { en_US: 'Cabinet power' }, unit: 'kW', formula: 'sum(type:cabinet.p)' },
    {
      code: 'gap',
      name: 'Grid minus PV',
      unit: 'kW',
      formula: '{GD-SZ01-MTR-GW.p} - {GD-SZ01-MTR-PV.p}',
      precision: 2,
    },
  ],
});

describe('virtual devices', () => {
  let created: VirtualDevice;

  it('lets the maintainer add one in a Guangdong station, with a generated serial number', async () => {
    const res = await call(ctx.app, tokens.maintainer, 'POST', `${V}/add`, cabinetTotals(sid('GD-SZ01')), 'en_US');
    expect(res.statusCode, res.body).toBe(200);
    created = res.json().data;
    expect(created).toMatchObject({ stationId: sid('GD-SZ01'), sn: 'GD-SZ01-VIRT-2', name: 'Cabinet totals' });
    expect(created.points.map((p) => [p.code, p.name, p.unit, p.precision, p.value])).toEqual([
      ['power', 'Cabinet power', 'kW', 1, null],
      ['gap', 'Grid minus PV', 'kW', 2, null],
    ]);
    expect(created.points[0]?.names).toEqual({
      zh_CN: '柜总功率',
      en_US: 'Cabinet power',
      es_ES: '柜总功率',
      ja_JP: '柜总功率',
    });
  });

  it('pages and lists the station’s virtual devices, filtered by name or serial', async () => {
    // The list is the virtual-device page's (sys:virtualDeviceCol:query): maintainers have it, managers not.
    const refused = await call(ctx.app, tokens.manager, 'POST', `${V}/page`, { stationId: sid('GD-SZ01') });
    expect(refused.statusCode).toBe(403);
    const page = await call(ctx.app, tokens.maintainer, 'POST', `${V}/page`, {
      stationId: sid('GD-SZ01'),
      pageNum: 1,
      pageSize: 1,
    });
    expect(page.json().data).toMatchObject({ total: 2, pageNum: 1, pageSize: 1 });
    expect(page.json().data.list.map((d: VirtualDevice) => d.sn)).toEqual(['GD-SZ01-VIRT']);
    const second = await call(ctx.app, tokens.maintainer, 'POST', `${V}/page`, {
      stationId: sid('GD-SZ01'),
      pageNum: '2',
      pageSize: '1',
    });
    expect(second.json().data.list.map((d: VirtualDevice) => d.sn)).toEqual(['GD-SZ01-VIRT-2']);
    const named = await call(ctx.app, tokens.maintainer, 'POST', `${V}/page`, {
      stationId: sid('GD-SZ01'),
      name: 'cabinet',
    });
    expect(named.json().data.total).toBe(1);
    const literal = await call(ctx.app, tokens.maintainer, 'POST', `${V}/page`, {
      stationId: sid('GD-SZ01'),
      name: '%',
    });
    expect(literal.json().data.total).toBe(0);
    // The seeded device reads in the request's language; the one added here as typed.
    const list = await call(
      ctx.app,
      tokens.maintainer,
      'POST',
      `${V}/getVirtualList`,
      { stationId: sid('GD-SZ01') },
      'en_US',
    );
    expect(list.json().data).toEqual([
      {
        id: await deviceIdOf(ctx.database.db, 'GD-SZ01-VIRT'),
        sn: 'GD-SZ01-VIRT',
        name: 'Station totals',
        pointCount: 6,
      },
      { id: created.id, sn: 'GD-SZ01-VIRT-2', name: 'Cabinet totals', pointCount: 2 },
    ]);
  });

  it('updates name and points, keeping the id (and history) of a point whose code stays', async () => {
    const res = await call(ctx.app, tokens.maintainer, 'POST', `${V}/update`, {
      id: created.id,
      name: 'Cabinets',
      points: [
        { code: 'soc', name: 'Mean SOC', unit: '%', formula: 'avg(type:cabinet.soc)' },
        { code: 'power', name: 'Power', unit: 'kW', formula: 'sum(type:cabinet.p) / 1000' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated: VirtualDevice = res.json().data;
    expect(updated.name).toBe('Cabinets');
    expect(updated.points.map((p) => p.code)).toEqual(['soc', 'power']);
    expect(updated.points.find((p) => p.code === 'power')?.id).toBe(created.points[0]?.id);
    expect(updated.points.find((p) => p.code === 'power')?.formula).toBe('sum(type:cabinet.p) / 1000');
  });

  it('validates formulas with clear messages naming the point and the problem', async () => {
    const cases: [string, string][] = [
      ['sum(type:cabinet.p', 'Formula of point x is invalid at character 19: expected ")"'],
      ['1 + 2', 'Formula of point x reads no device point'],
      ['{JS-SZ01-MTR-GW.p}', 'Formula of point x: this station has no device JS-SZ01-MTR-GW'],
      ['{GD-SZ01-MTR-GW.nope}', 'Formula of point x: device GD-SZ01-MTR-GW has no point nope'],
      [
        '{GD-SZ01-VIRT.storagePower} * 2',
        'Formula of point x: GD-SZ01-VIRT is a virtual device; formulas read real devices only',
      ],
      ['sum(type:pcs.soc)', 'Formula of point x: no model of device type pcs has point soc'],
      ['sum(type:robot.p)', 'Formula of point x is invalid at character 15: unknown device type "robot"'],
      ['max({GD-SZ01-CAB-01.p}, sqrt(4))', 'Formula of point x is invalid at character 29: unknown function "sqrt"'],
    ];
    for (const [formula, msg] of cases) {
      const res = await call(
        ctx.app,
        tokens.maintainer,
        'POST',
        `${V}/add`,
        { stationId: sid('GD-SZ01'), name: 'Bad', points: [{ code: 'x', name: 'X', formula }] },
        'en_US',
      );
      expect(res.statusCode, formula).toBe(400);
      expect(res.json().msg, formula).toBe(msg);
    }
    const ja = await call(
      ctx.app,
      tokens.maintainer,
      'POST',
      `${V}/add`,
      { stationId: sid('GD-SZ01'), name: 'Bad', points: [{ code: 'x', name: 'X', formula: '{NOPE.p}' }] },
      'ja_JP',
    );
    expect(ja.json().msg).toBe('測定点 x の式：この発電所に機器 NOPE はありません');
  });

  it('refuses duplicate codes, bad codes and a serial number already in use', async () => {
    const dup = await call(ctx.app, tokens.maintainer, 'POST', `${V}/add`, {
      stationId: sid('GD-SZ01'),
      name: 'Dup',
      points: [
        { code: 'a', name: 'A', formula: 'sum(type:cabinet.p)' },
        { code: 'a', name: 'B', formula: 'sum(type:cabinet.p)' },
      ],
    });
    expect(dup.statusCode).toBe(400);
    const badCode = await call(ctx.app, tokens.maintainer, 'POST', `${V}/add`, {
      stationId: sid('GD-SZ01'),
      name: 'Bad',
      points: [{ code: 'has space', name: 'A', formula: 'sum(type:cabinet.p)' }],
    });
    expect(badCode.statusCode).toBe(400);
    const taken = await call(
      ctx.app,
      tokens.maintainer,
      'POST',
      `${V}/add`,
      { ...cabinetTotals(sid('GD-SZ01')), sn: 'GD-SZ01-CAB-01' },
      'en_US',
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe('Serial number GD-SZ01-CAB-01 is already in use');
  });

  it('keeps writes to those allowed: 403 for other roles, 404 outside the scope or for real devices', async () => {
    for (const role of ROLES.filter((r) => r !== 'admin' && r !== 'maintainer')) {
      const res = await call(ctx.app, tokens[role], 'POST', `${V}/add`, cabinetTotals(sid('GD-SZ01')));
      expect(res.statusCode, role).toBe(403);
      const del = await ctx.app.inject({
        method: 'DELETE',
        url: `${V}/${created.id}`,
        headers: { authorization: `Bearer ${tokens[role]}` },
      });
      expect(del.statusCode, role).toBe(403);
    }
    const js = await call(ctx.app, tokens.maintainer, 'POST', `${V}/add`, cabinetTotals(sid('JS-SZ01')));
    expect(js.statusCode).toBe(404);
    const real = await call(ctx.app, tokens.maintainer, 'POST', `${V}/update`, {
      id: await deviceIdOf(ctx.database.db, 'GD-SZ01-CAB-01'),
      name: 'x',
      points: [{ code: 'a', name: 'A', formula: 'sum(type:cabinet.p)' }],
    });
    expect(real.statusCode).toBe(404);
    const readJs = await call(ctx.app, tokens.maintainer, 'POST', `${V}/page`, { stationId: sid('JS-SZ01') });
    expect(readJs.statusCode).toBe(404);
  });

  it('deletes a virtual device with its points', async () => {
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `${V}/${created.id}`,
      headers: { authorization: `Bearer ${tokens.maintainer}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toBeNull();
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `${V}/${created.id}`,
      headers: { authorization: `Bearer ${tokens.maintainer}` },
    });
    expect(again.statusCode).toBe(404);
    const bad = await ctx.app.inject({
      method: 'DELETE',
      url: `${V}/abc`,
      headers: { authorization: `Bearer ${tokens.maintainer}` },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('devicesChanged', () => {
  it('is emitted after every change, so the ingest reloads its formulas', async () => {
    const bus = new TelemetryBus();
    const seen: number[] = [];
    bus.on('devicesChanged', ({ stationId }) => seen.push(stationId));
    const service = new VirtualService(ctx.database.db, bus);
    const admin = await ctx.app.inject({
      method: 'GET',
      url: '/api/sys/user/get',
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    const user = {
      userId: admin.json().data.userId as number,
      username: 'admin',
      deptId: null,
      roles: ['admin'],
      perms: new Set<string>(),
      isAdmin: true,
      readOnly: false,
      groupWide: true,
      demo: false,
      sessionKind: 'pc' as const,
      sessionId: 0,
      stationCodes: null,
    };
    const station = sid('ZJ-HZ01');
    const device = await service.add(
      user,
      { ...cabinetTotals(station), points: [{ code: 'p', name: 'P', precision: 1, formula: 'sum(type:cabinet.p)' }] },
      'en_US',
    );
    await service.update(
      user,
      { id: device.id, name: 'Q', points: [{ code: 'q', name: 'Q', precision: 1, formula: 'avg(type:cabinet.soc)' }] },
      'en_US',
    );
    await service.remove(user, device.id);
    expect(seen).toEqual([station, station, station]);
  });
});

describe('point codes and serial numbers', () => {
  it('refuses codes that name object prototype members; listings never break on a code', async () => {
    for (const code of ['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf']) {
      const body = { ...cabinetTotals(sid('GD-SZ01')), points: [{ code, name: code, formula: 'sum(type:cabinet.p)' }] };
      const res = await call(ctx.app, tokens.maintainer, 'POST', `${V}/add`, body, 'en_US');
      expect(res.statusCode, code).toBe(400);
    }
    const latest = await call(ctx.app, tokens.maintainer, 'POST', '/api/business/device/latestByType', {
      stationId: sid('GD-SZ01'),
      type: 'virtual',
    });
    expect(latest.statusCode, latest.body).toBe(200);
  });

  it("keeps serials to the station's prefix, so no answer tells of a serial in another station", async () => {
    // JS-SZ01-PCS-1 exists, in a Jiangsu station the Guangdong maintainer cannot see.
    for (const sn of ['JS-SZ01-PCS-1', 'JS-SZ01-NEW-1', 'GD-SZ01', 'GD-SZ010-X']) {
      const res = await call(
        ctx.app,
        tokens.maintainer,
        'POST',
        `${V}/add`,
        { ...cabinetTotals(sid('GD-SZ01')), sn },
        'en_US',
      );
      expect(res.statusCode, sn).toBe(400);
      expect(res.json().msg, sn).toBe("The serial number must start with the station's prefix GD-SZ01-");
    }
    const own = await call(ctx.app, tokens.maintainer, 'POST', `${V}/add`, {
      ...cabinetTotals(sid('GD-SZ01')),
      sn: 'GD-SZ01-SUM-1',
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.sn).toBe('GD-SZ01-SUM-1');
  });
});
