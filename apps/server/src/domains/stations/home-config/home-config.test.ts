import { DEFAULT_HOME_BLOCKS, HOME_BLOCKS, type HomeConfig } from '@ess/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, stationIdLookup, type TestContext } from '../../../test/harness';
import { ROLES, type Role, sees, signInAll } from '../device/sessions.kit';

const BASE = '/api/business/homeConfig';
let ctx: TestContext;
let tokens: Record<Role, string>;
let sid: (code: string) => number;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
  tokens = await signInAll(ctx.app);
  sid = await stationIdLookup(ctx.database.db);
}, 120_000);
afterAll(() => ctx?.close());

const read = async (role: Role, stationId: number): Promise<HomeConfig> => {
  const res = await call(ctx.app, tokens[role], 'POST', `${BASE}/${stationId}`, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const save = (role: Role, body: object) => call(ctx.app, tokens[role], 'POST', `${BASE}/add`, body);

const reordered = [
  { key: 'energyFlow', visible: true },
  { key: 'kpis', visible: true },
  { key: 'weather', visible: false },
  { key: 'powerCurve', visible: true },
];

describe('home configuration', () => {
  it('gives every role the default blocks for a station in its scope and 404 outside it', async () => {
    for (const role of ROLES) {
      for (const code of ['JS-SZ01', 'GD-SZ01']) {
        const res = await call(ctx.app, tokens[role], 'POST', `${BASE}/${sid(code)}`, {});
        expect(res.statusCode, `${role} ${code}`).toBe(sees(role, code) ? 200 : 404);
        if (res.statusCode === 200) {
          expect(res.json().data).toEqual({
            stationId: sid(code),
            blocks: DEFAULT_HOME_BLOCKS,
            saved: false,
            updateTime: null,
          });
        }
      }
    }
    const bad = await call(ctx.app, tokens.admin, 'POST', `${BASE}/abc`, {});
    expect(bad.statusCode).toBe(400);
  });

  it('saves per user and station: order kept, left-out blocks hidden, others unaffected', async () => {
    const res = await save('operator', { stationId: sid('JS-SZ01'), blocks: reordered });
    expect(res.statusCode, res.body).toBe(200);
    const saved: HomeConfig = res.json().data;
    expect(saved.saved).toBe(true);
    expect(saved.updateTime).toEqual(expect.any(Number));
    expect(saved.blocks.slice(0, 4)).toEqual(reordered);
    expect(saved.blocks.map((b) => b.key).sort()).toEqual([...HOME_BLOCKS].sort());
    expect(saved.blocks.slice(4).every((b) => !b.visible)).toBe(true);

    expect(await read('operator', sid('JS-SZ01'))).toEqual(saved);
    // Another station of the same user, and the same station of another user, keep the defaults.
    expect((await read('operator', sid('JS-NJ01'))).saved).toBe(false);
    expect((await read('admin', sid('JS-SZ01'))).blocks).toEqual(DEFAULT_HOME_BLOCKS);

    // Saving again replaces the configuration.
    const again = await save('operator', { stationId: sid('JS-SZ01'), blocks: DEFAULT_HOME_BLOCKS });
    expect(again.json().data.blocks).toEqual(DEFAULT_HOME_BLOCKS);
    expect((await read('operator', sid('JS-SZ01'))).blocks).toEqual(DEFAULT_HOME_BLOCKS);
  });

  it('needs surveillance:home:config, refuses read-only accounts, and keeps to the station scope', async () => {
    const body = { stationId: sid('JS-SZ01'), blocks: reordered };
    // The maintainer and the read-only manager and screen accounts do not hold the button.
    for (const role of ['maintainer', 'manager', 'screen'] as const) {
      expect((await save(role, body)).statusCode, role).toBe(403);
    }
    expect((await save('admin', body)).statusCode).toBe(200);
    expect((await save('operator', { ...body, stationId: sid('GD-SZ01') })).statusCode).toBe(404);
  });

  it('refuses unknown or repeated blocks and an empty list with 400', async () => {
    const stationId = sid('JS-SZ01');
    for (const blocks of [
      [{ key: 'alarms', visible: true }],
      [
        { key: 'kpis', visible: true },
        { key: 'kpis', visible: false },
      ],
      [],
      [{ key: 'kpis', visible: 'yes' }],
    ]) {
      const res = await save('operator', { stationId, blocks });
      expect(res.statusCode, JSON.stringify(blocks)).toBe(400);
    }
  });
});

describe('station default home page', () => {
  const DEF = `${BASE}/station`;
  const readDefault = (role: Role, stationId: number) =>
    call(ctx.app, tokens[role], 'POST', `${DEF}/default`, { stationId });
  const saveDefault = (role: Role, body: object) => call(ctx.app, tokens[role], 'POST', `${DEF}/defaultSave`, body);
  const resetUsers = (role: Role, stationId: number) =>
    call(ctx.app, tokens[role], 'POST', `${DEF}/resetUsers`, { stationId });

  it('is saved and read back; users without their own layout get it, saved: false', async () => {
    const stationId = sid('JS-NJ01');
    const before = await readDefault('admin', stationId);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data).toEqual({ stationId, blocks: DEFAULT_HOME_BLOCKS, saved: false, updateTime: null });

    const res = await saveDefault('admin', { stationId, blocks: reordered });
    expect(res.statusCode, res.body).toBe(200);
    const saved: HomeConfig = res.json().data;
    expect(saved.saved).toBe(true);
    expect(saved.updateTime).toEqual(expect.any(Number));
    expect(saved.blocks.slice(0, reordered.length)).toEqual(reordered);
    expect(saved.blocks.slice(reordered.length).every((b) => !b.visible)).toBe(true);
    expect((await readDefault('admin', stationId)).json().data).toEqual(saved);

    // The manager saved nothing for this station: the default, marked as not their own.
    expect(await read('manager', stationId)).toEqual({
      stationId,
      blocks: saved.blocks,
      saved: false,
      updateTime: null,
    });
    // Another station keeps the built-in order.
    expect((await read('manager', sid('JS-SZ01'))).blocks).toEqual(DEFAULT_HOME_BLOCKS);
  });

  it("keeps a user's own layout until resetUsers, then the user follows the default", async () => {
    const stationId = sid('JS-NJ01');
    const layout = [...DEFAULT_HOME_BLOCKS].reverse();
    const own = await save('operator', { stationId, blocks: layout });
    expect(own.statusCode, own.body).toBe(200);
    const def = (await saveDefault('admin', { stationId, blocks: reordered })).json().data as HomeConfig;
    expect(await read('operator', stationId)).toEqual(own.json().data);

    // Only this station's layouts go: the operator's own on JS-SZ01 stays.
    const elsewhere = await read('operator', sid('JS-SZ01'));
    expect(elsewhere.saved).toBe(true);
    const reset = await resetUsers('admin', stationId);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data).toEqual({ reset: 1 });
    expect(await read('operator', stationId)).toEqual({
      stationId,
      blocks: def.blocks,
      saved: false,
      updateTime: null,
    });
    expect(await read('operator', sid('JS-SZ01'))).toEqual(elsewhere);
    expect((await resetUsers('admin', stationId)).json().data).toEqual({ reset: 0 });
  });

  it('needs the site configuration permissions and keeps to the station scope', async () => {
    const js = sid('JS-NJ01');
    const gd = sid('GD-SZ01');
    const body = { stationId: js, blocks: reordered };
    // Operator and manager hold neither the page nor its home button.
    for (const role of ['operator', 'manager', 'screen'] as const) {
      expect((await saveDefault(role, body)).statusCode, role).toBe(403);
      expect((await resetUsers(role, js)).statusCode, role).toBe(403);
    }
    expect((await readDefault('operator', js)).statusCode).toBe(403);
    // The maintainer holds them for Guangdong only.
    expect((await saveDefault('maintainer', { ...body, stationId: gd })).statusCode).toBe(200);
    expect((await readDefault('maintainer', gd)).json().data.saved).toBe(true);
    expect((await saveDefault('maintainer', body)).statusCode).toBe(404);
    expect((await readDefault('maintainer', js)).statusCode).toBe(404);
    expect((await resetUsers('maintainer', js)).statusCode).toBe(404);
    expect((await saveDefault('admin', { stationId: js, blocks: [] })).statusCode).toBe(400);
  });
});
