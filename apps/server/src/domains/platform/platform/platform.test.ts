import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, stationIdLookup, type TestContext } from '../../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
});
afterAll(() => ctx?.close());

describe('platform info', () => {
  it('names the simulated stations, each caller only those in scope, and the version', async () => {
    const sid = await stationIdLookup(ctx.database.db);
    const info = async (user: string | null) => {
      const res = await call(
        ctx.app,
        user === null ? null : await login(ctx.app, user),
        'GET',
        '/api/sys/platform/info',
      );
      return { status: res.statusCode, data: res.json().data as { version: string; simulatedStationIds: number[] } };
    };
    expect((await info('admin')).data.simulatedStationIds).toEqual([]);

    ctx.app.platform.setSimulated([sid('GD-SZ01'), sid('JS-SZ01')]);
    const admin = await info('admin');
    expect(admin.data.simulatedStationIds).toEqual([sid('JS-SZ01'), sid('GD-SZ01')].sort((a, b) => a - b));
    const version = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')).version;
    expect(admin.data.version).toBe(version);
    expect((await info('operator')).data.simulatedStationIds).toEqual([sid('JS-SZ01')]);
    expect((await info('maintainer')).data.simulatedStationIds).toEqual([sid('GD-SZ01')]);
    expect((await info(null)).status).toBe(401);
  });
});
