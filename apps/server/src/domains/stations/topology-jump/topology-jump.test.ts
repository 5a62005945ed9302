import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestContext } from '../../../test/harness';
import { createTestStation, type TestStation } from '../../telemetry/telemetry/test-station.kit';

let ctx: TestContext;
let token: string;
let st: TestStation;
let other: TestStation;

beforeAll(async () => {
  ctx = await createTestApp({ SIMULATOR: 'off', TELEMETRY: 'off' });
  token = await login(ctx.app, 'admin');
  st = await createTestStation(ctx.database.db);
  other = await createTestStation(ctx.database.db);
});

afterAll(async () => {
  await ctx?.close();
});

const add = (stationId: number, items: object[], lang = 'zh_CN') =>
  call(ctx.app, token, 'POST', '/api/business/topologyJumpConfig/add', { stationId, items }, lang);
const list = async (stationId: number) =>
  (await call(ctx.app, token, 'POST', '/api/business/topologyJumpConfig/list', { stationId })).json().data;

describe('topology jump configuration', () => {
  it('replaces the station set and lists it with the target device name', async () => {
    const [pcs] = st.pcs;
    if (!pcs) throw new Error('fixture');
    const saved = await add(st.id, [
      { nodeKey: pcs.sn, targetKind: 'route', targetRoute: '/surveillance/energy-storage' },
      { nodeKey: 'grid', targetKind: 'device', targetDeviceId: st.meter.id },
    ]);
    expect(saved.statusCode).toBe(200);
    const rows = await list(st.id);
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          nodeKey: 'grid',
          targetKind: 'device',
          targetDeviceId: st.meter.id,
          targetDeviceName: st.meter.sn,
          targetRoute: null,
        }),
        expect.objectContaining({
          nodeKey: pcs.sn,
          targetKind: 'route',
          targetRoute: '/surveillance/energy-storage',
          targetDeviceId: null,
        }),
      ]),
    );
    // Another station is untouched; saving again replaces the set.
    expect(await list(other.id)).toEqual([]);
    await add(st.id, [{ nodeKey: 'grid', targetKind: 'route', targetRoute: '/system/equipment' }]);
    expect((await list(st.id)).map((r: { nodeKey: string }) => r.nodeKey)).toEqual(['grid']);
    await add(st.id, []);
    expect(await list(st.id)).toEqual([]);
  });

  it('refuses a device of another station, duplicate nodes, external links and missing targets', async () => {
    const foreign = await add(st.id, [{ nodeKey: 'grid', targetKind: 'device', targetDeviceId: other.meter.id }]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().msg).toBe('电站设备不存在');
    const dup = await add(
      st.id,
      [
        { nodeKey: 'grid', targetKind: 'route', targetRoute: '/a' },
        { nodeKey: 'grid', targetKind: 'route', targetRoute: '/b' },
      ],
      'en_US',
    );
    expect(dup.statusCode).toBe(400);
    expect(dup.json().msg).toBe('Node "grid" is configured more than once');
    for (const targetRoute of ['https://evil.example', '//evil.example', 'javascript:alert(1)']) {
      expect((await add(st.id, [{ nodeKey: 'grid', targetKind: 'route', targetRoute }])).statusCode).toBe(400);
    }
    expect((await add(st.id, [{ nodeKey: 'grid', targetKind: 'device' }])).statusCode).toBe(400);
    expect(await list(st.id)).toEqual([]);
  });
});
