import type { MeterConfig } from '@ess/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, stationIdLookup, type TestContext } from '../../../test/harness';
import { ROLES, type Role, sees, signInAll } from '../device/sessions.kit';
import { deviceIdOf } from '../point/telemetry-fixtures.kit';

const X = '/api/business/xinFengMing';
let ctx: TestContext;
let tokens: Record<Role, string>;
let sid: (code: string) => number;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
  tokens = await signInAll(ctx.app);
  sid = await stationIdLookup(ctx.database.db);
});
afterAll(() => ctx?.close());

const roleOf = (c: MeterConfig, role: string) => c.roles.find((r) => r.role === role);

describe('meter roles', () => {
  it('shows every role with its meter, and the station’s meters to choose from', async () => {
    const res = await call(
      ctx.app,
      tokens.operator,
      'POST',
      `${X}/queryElecMeterConfig`,
      { stationId: sid('JS-SZ01') },
      'en_US',
    );
    expect(res.statusCode, res.body).toBe(200);
    const c: MeterConfig = res.json().data;
    expect(c.roles.map((r) => [r.role, r.roleName, r.sn])).toEqual([
      ['gateway', 'Gateway meter', 'JS-SZ01-MTR-GW'],
      ['storage', 'Storage meter', 'JS-SZ01-MTR-ES'],
      ['pv', 'PV meter', 'JS-SZ01-MTR-PV'],
      ['load', 'Load meter', 'JS-SZ01-MTR-LD'],
    ]);
    expect(c.meters.map((m) => m.sn)).toEqual(['JS-SZ01-MTR-GW', 'JS-SZ01-MTR-ES', 'JS-SZ01-MTR-PV', 'JS-SZ01-MTR-LD']);
    for (const role of ROLES) {
      const r = await call(ctx.app, tokens[role], 'POST', `${X}/queryElecMeterConfig`, { stationId: sid('GD-SZ01') });
      expect(r.statusCode, role).toBe(sees(role, 'GD-SZ01') ? 200 : 404);
    }
  });

  it('clears and sets a role with update, and refuses add for a role that has a meter (409)', async () => {
    const station = sid('GD-SZ01');
    const pvMeter = await deviceIdOf(ctx.database.db, 'GD-SZ01-MTR-PV');
    const taken = await call(
      ctx.app,
      tokens.maintainer,
      'POST',
      `${X}/addElecMeterConfig`,
      { stationId: station, role: 'pv', deviceId: pvMeter },
      'en_US',
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe('PV meter is already configured; update it instead');

    const cleared = await call(ctx.app, tokens.maintainer, 'POST', `${X}/updateElecMeterConfig`, {
      stationId: station,
      role: 'pv',
      deviceId: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(roleOf(cleared.json().data, 'pv')).toMatchObject({ deviceId: null, deviceName: null, sn: null });

    const added = await call(ctx.app, tokens.maintainer, 'POST', `${X}/addElecMeterConfig`, {
      stationId: station,
      role: 'pv',
      deviceId: pvMeter,
    });
    expect(roleOf(added.json().data, 'pv')).toMatchObject({ deviceId: pvMeter, sn: 'GD-SZ01-MTR-PV' });

    const swapped = await call(ctx.app, tokens.admin, 'POST', `${X}/updateElecMeterConfig`, {
      stationId: station,
      role: 'load',
      deviceId: pvMeter,
    });
    expect(roleOf(swapped.json().data, 'load')).toMatchObject({ deviceId: pvMeter });
  });

  it('accepts only meters of that station', async () => {
    const station = sid('GD-SZ01');
    for (const sn of ['GD-SZ01-CAB-01', 'GD-GZ01-MTR-PV']) {
      const res = await call(
        ctx.app,
        tokens.maintainer,
        'POST',
        `${X}/updateElecMeterConfig`,
        { stationId: station, role: 'gateway', deviceId: await deviceIdOf(ctx.database.db, sn) },
        'en_US',
      );
      expect(res.statusCode, sn).toBe(400);
      expect(res.json().msg).toMatch(/is not a meter of this station$/);
    }
    const badRole = await call(ctx.app, tokens.maintainer, 'POST', `${X}/updateElecMeterConfig`, {
      stationId: station,
      role: 'battery',
      deviceId: 1,
    });
    expect(badRole.statusCode).toBe(400);
  });

  it('lets only the maintainer (and admin) write, in their own stations', async () => {
    const body = { stationId: sid('GD-SZ01'), role: 'gateway', deviceId: null };
    for (const role of ['operator', 'manager', 'screen'] as const) {
      const res = await call(ctx.app, tokens[role], 'POST', `${X}/updateElecMeterConfig`, body);
      expect(res.statusCode, role).toBe(403);
    }
    const outside = await call(ctx.app, tokens.maintainer, 'POST', `${X}/updateElecMeterConfig`, {
      ...body,
      stationId: sid('JS-SZ01'),
    });
    expect(outside.statusCode).toBe(404);
  });
});
