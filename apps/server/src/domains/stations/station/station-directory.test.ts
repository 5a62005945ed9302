import type { StationTree } from '@ess/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgs, roles, stations } from '../../../db/schema';
import { SEED_STATIONS } from '../../../db/seed-data';
import { stationsInScope } from '../../../kernel/station-scope.service';
import { TelemetryBus } from '../../../kernel/telemetry-bus';
import { api } from '../../../test/access-fixtures';
import { call, createTestApp, login, type TestContext } from '../../../test/harness';
import { storedSessionUser } from '../../../test/session-user';
import { STATION_DIRECTORY_STALE_MS, StationDirectory } from './station-directory';

let ctx: TestContext;
let tokens: Record<'admin' | 'operator' | 'maintainer' | 'manager', string>;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', SIMULATOR: 'off' });
  tokens = {
    admin: await login(ctx.app, 'admin'),
    operator: await login(ctx.app, 'operator'),
    maintainer: await login(ctx.app, 'maintainer'),
    manager: await login(ctx.app, 'manager'),
  };
});
afterAll(() => ctx?.close());

const sessionUserOf = (username: string) => storedSessionUser(db(), username);

const SCOPED = ['operator', 'maintainer'] as const;
const CALLERS = [...SCOPED, 'manager'] as const;

/** Station ids of the list the app answers (from its directory). */
async function listed(who: (typeof CALLERS)[number]): Promise<number[]> {
  const res = await call(ctx.app, tokens[who], 'POST', '/api/business/station', {});
  expect(res.statusCode, res.body).toBe(200);
  const tree: StationTree = res.json().data;
  return tree.flatMap((p) => p.children.map((s) => s.id)).sort((a, b) => a - b);
}

/** Station ids the database path (stationScopeFilter) gives. */
async function fromDb(who: (typeof CALLERS)[number]): Promise<number[]> {
  return (await stationsInScope(db(), await sessionUserOf(who))).map((s) => s.id).sort((a, b) => a - b);
}

async function expectListsMatchDb(): Promise<Record<(typeof CALLERS)[number], number[]>> {
  const out = {} as Record<(typeof CALLERS)[number], number[]>;
  for (const who of CALLERS) {
    out[who] = await listed(who);
    expect(out[who], who).toEqual(await fromDb(who));
  }
  return out;
}

const stationId = async (code: string) =>
  (await db().select({ id: stations.id }).from(stations).where(eq(stations.code, code)))[0]?.id ?? 0;
const orgId = async (code: string) =>
  (await db().select({ id: orgs.id }).from(orgs).where(eq(orgs.code, code)))[0]?.id ?? 0;

describe('station directory', () => {
  it('answers the same rows as the database, in the same order, for every kind of caller', async () => {
    const directory = new StationDirectory(db(), new TelemetryBus());
    for (const who of CALLERS) {
      const user = await sessionUserOf(who);
      expect(await directory.stationsOf(user), who).toEqual(await stationsInScope(db(), user));
    }
    const screen = { ...(await sessionUserOf('manager')), stationCodes: ['JS-WX01', 'GD-SZ01', 'XX-NONE'] };
    expect(await directory.stationsOf(screen)).toEqual(await stationsInScope(db(), screen));
    const lists = await expectListsMatchDb();
    // The seed gives each scoped user some stations, not all; the group-wide manager all of them.
    for (const who of SCOPED) expect(lists[who].length).toBeGreaterThan(0);
    for (const who of SCOPED) expect(lists[who].length).toBeLessThan(SEED_STATIONS.length);
    expect(lists.manager).toHaveLength(SEED_STATIONS.length);
  });

  it('follows a station moved to another organisation through the station form', async () => {
    const before = await expectListsMatchDb();
    const moved = before.operator[0] ?? 0;
    const [row] = await db().select().from(stations).where(eq(stations.id, moved));
    if (!row) throw new Error('station missing');
    const { createTime: _c, updateTime: _u, cityNames: _n, ...fields } = row;
    const res = await call(ctx.app, tokens.admin, 'PUT', '/api/business/station/update', {
      ...fields,
      orgId: await orgId('G-GD'),
    });
    expect(res.json().code, res.body).toBe(200);
    const after = await expectListsMatchDb();
    expect(after.operator).not.toContain(moved);
    expect(after.maintainer).toContain(moved);
  });

  it('follows a station role given to a user', async () => {
    const before = await expectListsMatchDb();
    const zj = await stationId('ZJ-HZ01');
    expect(before.maintainer).not.toContain(zj);
    const maintainer = await sessionUserOf('maintainer');
    const [role] = await db().select().from(roles).where(eq(roles.code, 'maintainer'));
    const res = await api(ctx.app, tokens.admin, 'POST', '/api/sys/stationRole/add', {
      userId: maintainer.userId,
      stationId: zj,
      roleId: role?.id ?? 0,
    });
    expect(res.json().code, res.body).toBe(200);
    expect((await expectListsMatchDb()).maintainer).toContain(zj);
  });

  it('follows an organisation moved under another one', async () => {
    const before = await expectListsMatchDb();
    const nb = await stationId('ZJ-NB01');
    expect(before.operator).not.toContain(nb);
    const [zj] = await db().select().from(orgs).where(eq(orgs.code, 'G-ZJ'));
    if (!zj) throw new Error('G-ZJ missing');
    const res = await api(ctx.app, tokens.admin, 'PUT', '/api/sys/org/update', {
      id: zj.id,
      pid: await orgId('G-JS'),
      name: zj.name,
      code: zj.code,
      orderNum: zj.orderNum,
    });
    expect(res.json().code, res.body).toBe(200);
    expect((await expectListsMatchDb()).operator).toContain(nb);
  });

  it('reads again what was written without an event once STATION_DIRECTORY_STALE_MS has passed', async () => {
    let now = 1_000_000;
    const bus = new TelemetryBus();
    const directory = new StationDirectory(db(), bus, () => now);
    const operator = await sessionUserOf('operator');
    const before = await directory.stationsOf(operator);
    await db()
      .insert(stations)
      .values({
        code: 'JS-HA01',
        name: '淮安储能电站',
        provinceCode: '32',
        city: '淮安市',
        ratedPowerKw: 500,
        capacityKwh: 1000,
        type: 'operating',
        latitude: 33.6,
        longitude: 119.0,
        orgId: await orgId('G-JS'),
      });
    now += STATION_DIRECTORY_STALE_MS;
    expect(await directory.stationsOf(operator)).toEqual(before);
    now += 1;
    const after = await directory.stationsOf(operator);
    expect(after).toEqual(await stationsInScope(db(), operator));
    expect(after.map((s) => s.code)).toContain('JS-HA01');
    // An event drops at once what the bound would keep.
    await db().update(stations).set({ name: '淮安二号站' }).where(eq(stations.code, 'JS-HA01'));
    expect((await directory.stationsOf(operator)).find((s) => s.code === 'JS-HA01')?.name).toBe('淮安储能电站');
    bus.emit('devicesChanged', { stationId: await stationId('JS-HA01') });
    expect((await directory.stationsOf(operator)).find((s) => s.code === 'JS-HA01')?.name).toBe('淮安二号站');
  });
});
