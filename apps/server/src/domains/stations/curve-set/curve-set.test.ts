import { MAX_INDICATORS } from '@ess/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { points } from '../../../db/schema';
import { call, createTestApp, stationIdLookup, type TestContext } from '../../../test/harness';
import { type Role, signInAll } from '../device/sessions.kit';
import { deviceIdOf, pointIdOf } from '../point/telemetry-fixtures.kit';

const ADD = '/api/business/hisCurveRelate/add';
const PAGE = '/api/business/hisCurveRelate/pageSelectAll';
const DELETE = '/api/business/hisCurveRelate/delete';

let ctx: TestContext;
let tokens: Record<Role, string>;
let js: number;
let gd: number;
let pcs: number;
let cluster: number;
let cabinet: number;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
  tokens = await signInAll(ctx.app);
  const sid = await stationIdLookup(ctx.database.db);
  js = sid('JS-SZ01');
  gd = sid('GD-SZ01');
  pcs = await deviceIdOf(ctx.database.db, 'JS-SZ01-PCS-1');
  cluster = await deviceIdOf(ctx.database.db, 'JS-SZ01-BMS-1-1');
  cabinet = await deviceIdOf(ctx.database.db, 'GD-SZ01-CAB-01');
});
afterAll(() => ctx?.close());

const items = () => [
  { deviceId: pcs, code: 'p' },
  { deviceId: cluster, code: 'cellVmax' },
  { deviceId: cluster, code: 'cellVmin' },
];

describe('hisCurveRelate', () => {
  it("saves a user's named set and lists it with today's names, newest first; others never see it", async () => {
    const first = await call(
      ctx.app,
      tokens.operator,
      'POST',
      ADD,
      { stationId: js, name: 'Cells', items: items() },
      'en_US',
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      stationId: js,
      name: 'Cells',
      items: [
        {
          deviceId: pcs,
          code: 'p',
          deviceName: 'PCS-1',
          sn: 'JS-SZ01-PCS-1',
          pointName: 'Active power',
          unit: 'kW',
          available: true,
        },
        { deviceId: cluster, code: 'cellVmax', pointName: 'Max cell voltage', unit: 'V', available: true },
        { deviceId: cluster, code: 'cellVmin', available: true },
      ],
    });
    await call(ctx.app, tokens.operator, 'POST', ADD, { stationId: js, name: 'Power', items: [items()[0]] });

    const page = await call(ctx.app, tokens.operator, 'POST', PAGE, { stationId: js }, 'zh_CN');
    expect(page.statusCode, page.body).toBe(200);
    const data = page.json().data;
    expect(data.total).toBe(2);
    expect(data.list.map((s: { name: string }) => s.name)).toEqual(['Power', 'Cells']);
    expect(data.list[1].items[1].pointName).toBe('最高单体电压');

    const filtered = await call(ctx.app, tokens.operator, 'POST', PAGE, { stationId: js, name: 'cel' });
    expect(filtered.json().data.list.map((s: { name: string }) => s.name)).toEqual(['Cells']);

    // Another user with the same station in scope has sets of their own only.
    const admin = await call(ctx.app, tokens.admin, 'POST', PAGE, { stationId: js });
    expect(admin.json().data).toMatchObject({ total: 0, list: [] });
  });

  it('rejects a duplicate name (409), replaces a set by id, and deletes only own sets', async () => {
    const dup = await call(
      ctx.app,
      tokens.operator,
      'POST',
      ADD,
      { stationId: js, name: 'Cells', items: items() },
      'en_US',
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe('A curve set named "Cells" already exists');

    const list = (await call(ctx.app, tokens.operator, 'POST', PAGE, { stationId: js })).json().data.list;
    const cells = list.find((s: { name: string }) => s.name === 'Cells');
    const replaced = await call(ctx.app, tokens.operator, 'POST', ADD, {
      id: cells.id,
      stationId: js,
      name: 'Cell spread',
      items: items().slice(1),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data).toMatchObject({ id: cells.id, name: 'Cell spread' });
    expect(replaced.json().data.items).toHaveLength(2);

    // Someone else's set: as if it did not exist.
    const foreignUpdate = await call(ctx.app, tokens.admin, 'POST', ADD, {
      id: cells.id,
      stationId: js,
      name: 'Mine now',
      items: items(),
    });
    expect(foreignUpdate.statusCode).toBe(404);
    const foreignDelete = await call(ctx.app, tokens.admin, 'POST', DELETE, { id: cells.id });
    expect(foreignDelete.statusCode).toBe(404);

    const del = await call(ctx.app, tokens.operator, 'POST', DELETE, { id: cells.id });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().data).toBeNull();
    const again = await call(ctx.app, tokens.operator, 'POST', DELETE, { id: cells.id });
    expect(again.statusCode).toBe(404);
  });

  it('checks scope and items: other stations 404, devices of another station 404, unknown codes 400, at most 50', async () => {
    const outOfScope = await call(ctx.app, tokens.operator, 'POST', ADD, {
      stationId: gd,
      name: 'x',
      items: [{ deviceId: cabinet, code: 'p' }],
    });
    expect(outOfScope.statusCode).toBe(404);
    const listOut = await call(ctx.app, tokens.operator, 'POST', PAGE, { stationId: gd });
    expect(listOut.statusCode).toBe(404);

    const foreignDevice = await call(ctx.app, tokens.admin, 'POST', ADD, {
      stationId: js,
      name: 'x',
      items: [{ deviceId: cabinet, code: 'p' }],
    });
    expect(foreignDevice.statusCode).toBe(404);

    const unknown = await call(
      ctx.app,
      tokens.admin,
      'POST',
      ADD,
      { stationId: js, name: 'x', items: [{ deviceId: pcs, code: 'nope' }] },
      'en_US',
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toContain('nope');

    const many = Array.from({ length: MAX_INDICATORS + 1 }, (_, i) => ({ deviceId: pcs, code: `c${i}` }));
    const tooMany = await call(ctx.app, tokens.admin, 'POST', ADD, { stationId: js, name: 'x', items: many });
    expect(tooMany.statusCode).toBe(400);
  });

  it('is personal: read-only managers keep their own sets, the shared screen account may not save', async () => {
    const manager = await call(ctx.app, tokens.manager, 'POST', ADD, {
      stationId: gd,
      name: 'M',
      items: [{ deviceId: cabinet, code: 'soc' }],
    });
    expect(manager.statusCode, manager.body).toBe(200);
    const screen = await call(ctx.app, tokens.screen, 'POST', ADD, {
      stationId: gd,
      name: 'S',
      items: [{ deviceId: cabinet, code: 'soc' }],
    });
    expect(screen.statusCode).toBe(403);
    const screenList = await call(ctx.app, tokens.screen, 'POST', PAGE, { stationId: gd });
    expect(screenList.json().data.total).toBe(0);
  });

  it('keeps items whose point is gone, marked unavailable', async () => {
    const saved = await call(ctx.app, tokens.maintainer, 'POST', ADD, {
      stationId: gd,
      name: 'Gone',
      items: [
        { deviceId: cabinet, code: 'soc' },
        { deviceId: cabinet, code: 'soh' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await ctx.database.db
      .delete(points)
      .where(eq(points.id, await pointIdOf(ctx.database.db, 'GD-SZ01-CAB-01', 'soh')));
    const list = (await call(ctx.app, tokens.maintainer, 'POST', PAGE, { stationId: gd })).json().data.list;
    expect(list[0].items).toMatchObject([
      { code: 'soc', available: true },
      { code: 'soh', available: false, pointName: null, deviceName: '储能柜-01' },
    ]);
  });
});
