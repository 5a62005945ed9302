import {
  type DashboardData,
  type DashboardRow,
  type DashboardWidget,
  localDateOf,
  localDayStart,
  type PointData,
  type PublicDashboard,
  type ShareableRole,
  type SiteOverviewRow,
  type StationSummary,
} from '@ess/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, points, roles, users } from '../../../db/schema';
import { call, createTestApp, stationIdLookup, type TestContext } from '../../../test/harness';
import { signInAll } from '../../stations/device/sessions.kit';
import { writeSamples } from '../../stations/point/telemetry-fixtures.kit';

/**
 * Issue 25 part 5: dashboards. A user's widgets read what the monitoring pages read (the same
 * figures), within the reader's scope; sharing reaches only roles the sharer holds; a published
 * link shows only the widgets' data, without a session, and dies with its token or its owner.
 */
const TZ = 'Asia/Shanghai';
let ctx: TestContext;
let tokens: Awaited<ReturnType<typeof signInAll>>;
let sz: number;
let gd: number;
let pcsId: number;
let pointCode: string;
const samples: { ts: number; value: number }[] = [];

const post = (url: string, body: object, token: string | null) => call(ctx.app, token, 'POST', url, body, 'en_US');
const data = <T>(res: { json: () => { data: T } }) => res.json().data;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', SIMULATOR: 'off' });
  tokens = await signInAll(ctx.app);
  const db = ctx.database.db;
  const idOf = await stationIdLookup(db);
  sz = idOf('JS-SZ01');
  gd = idOf('GD-SZ01');
  // An analogue point of a real device of the Suzhou station, with samples across its today so far.
  const [point] = await db
    .select({ deviceId: devices.id, code: points.code, id: points.id })
    .from(points)
    .innerJoin(devices, eq(devices.id, points.deviceId))
    .where(and(eq(devices.stationId, sz), eq(devices.type, 'pcs'), eq(points.kind, 'telemetry')))
    .orderBy(asc(points.id))
    .limit(1);
  if (!point) throw new Error('no PCS point at JS-SZ01');
  pcsId = point.deviceId;
  pointCode = point.code;
  const now = Date.now();
  const dayStart = localDayStart(localDateOf(now, TZ), TZ);
  for (let k = 1; k <= 6; k++) samples.push({ ts: Math.floor(dayStart + ((now - dayStart) * k) / 7), value: 10 * k });
  await writeSamples(
    db,
    samples.map((s) => ({ pointId: point.id, ...s })),
  );
});
afterAll(async () => {
  await ctx?.close();
});

const KEYS = ['cap', 'soc', 'flow', 'curve', 'alarms', 'map', 'devices', 'points'];
/** One widget of each kind, on the Suzhou station or the fleet. */
const built = (): DashboardWidget[] => [
  { key: 'cap', kind: 'kpi', stationId: null, metric: 'capacity', w: 3, h: 1 },
  { key: 'soc', kind: 'kpi', stationId: sz, metric: 'soc', w: 3, h: 1 },
  { key: 'flow', kind: 'energyFlow', stationId: sz, w: 6, h: 3 },
  { key: 'curve', kind: 'curve', stationId: sz, points: [{ deviceId: pcsId, code: pointCode }], w: 12, h: 3 },
  { key: 'alarms', kind: 'alarms', stationId: null, w: 6, h: 3 },
  { key: 'map', kind: 'map', stationId: null, w: 6, h: 3 },
  { key: 'devices', kind: 'devices', stationId: sz, w: 6, h: 2 },
  { key: 'points', kind: 'points', stationId: sz, w: 8, h: 4 },
];

describe('dashboards', () => {
  let id: number;

  it('saves an operator’s dashboard whose widgets show the monitoring pages’ own figures', async () => {
    const add = await post('/api/dashboard/add', { name: 'Fleet', widgets: built() }, tokens.operator);
    expect(add.statusCode).toBe(200);
    id = data<{ id: number }>(add).id;
    expect((await post('/api/dashboard/add', { name: 'Fleet', widgets: [] }, tokens.operator)).statusCode).toBe(409);
    // A read-only group manager keeps dashboards of their own too.
    expect((await post('/api/dashboard/add', { name: 'Fleet', widgets: [] }, tokens.manager)).statusCode).toBe(200);

    const shown = data<DashboardData>(await post('/api/dashboard/data', { id }, tokens.operator));
    const rows = data<SiteOverviewRow[]>(await post('/api/business/openStation/siteOverview', {}, tokens.operator));
    const operating = rows.filter((r) => r.status !== 'construction' && r.status !== 'proposed');
    expect(shown.widgets.cap).toMatchObject({
      kind: 'kpi',
      value: operating.reduce((s, r) => s + r.capacity, 0),
      stations: rows.length,
    });
    expect(shown.widgets.soc).toMatchObject({ value: rows.find((r) => r.stationId === sz)?.soc ?? null });
    const flow = data<StationSummary>(
      await post('/api/business/openStation/middle', { stationId: sz }, tokens.operator),
    );
    expect(shown.widgets.flow).toEqual({ kind: 'energyFlow', summary: flow, ratedKw: expect.any(Number) });
    // The curve holds today's samples of the chosen point, exactly.
    const curve = shown.widgets.curve;
    if (!curve || !('series' in curve)) throw new Error('no curve');
    expect(curve.series).toHaveLength(1);
    expect(curve.series[0]).toMatchObject({ deviceId: pcsId, code: pointCode });
    const raw = curve.series[0];
    const values = raw && 'data' in raw ? raw.data : [];
    expect(values).toEqual(samples.map((s) => [s.ts, s.value]));
    // The map has a marker per station of the operator's scope (Jiangsu), in its state.
    const map = shown.widgets.map;
    if (!map || !('markers' in map)) throw new Error('no map');
    expect(map.markers.map((m) => [m.id, m.status]).sort()).toEqual(rows.map((r) => [r.stationId, r.status]).sort());
    expect(shown.widgets.devices).toMatchObject({ kind: 'devices', status: { total: expect.any(Object) } });
    // The point table: every real device of the station with the device page's points and values.
    const table = shown.widgets.points;
    if (!table || 'error' in table || table.kind !== 'points') throw new Error('no point table');
    expect(table).toMatchObject({ kind: 'points', stationId: sz, timezone: TZ });
    const real = await ctx.database.db.select({ id: devices.id }).from(devices).where(eq(devices.stationId, sz));
    expect(table.devices.length).toBeGreaterThan(1);
    expect(table.devices.length).toBeLessThanOrEqual(real.length);
    const pcsRows = data<PointData[]>(
      await post('/api/business/point/pointDataShowList', { deviceId: pcsId }, tokens.operator),
    );
    const pcs = table.devices.find((d) => d.id === pcsId);
    expect(pcs?.points.map((p) => [p.code, p.name, p.unit, p.value, p.ts])).toEqual(
      pcsRows.map((p) => [p.code, p.name, p.unit, p.value, p.ts]),
    );
    expect(pcs?.points.find((p) => p.code === pointCode)?.value).toBe(samples.at(-1)?.value);
    expect(shown.stations).toEqual([{ id: sz, name: expect.any(String), timezone: TZ }]);
  });

  it('refuses widgets of stations or devices outside the caller’s scope, and malformed layouts', async () => {
    const gdFlow = [{ key: 'f', kind: 'energyFlow', stationId: gd, w: 6, h: 2 }];
    expect((await post('/api/dashboard/add', { name: 'GD', widgets: gdFlow }, tokens.operator)).statusCode).toBe(404);
    // A curve naming a device of another station than the widget's.
    const [gdDevice] = await ctx.database.db.select().from(devices).where(eq(devices.stationId, gd)).limit(1);
    const mixed = [
      { key: 'c', kind: 'curve', stationId: sz, points: [{ deviceId: gdDevice?.id, code: 'p' }], w: 6, h: 2 },
    ];
    expect((await post('/api/dashboard/add', { name: 'Mixed', widgets: mixed }, tokens.operator)).statusCode).toBe(404);
    const twice = [
      { key: 'a', kind: 'map', stationId: null, w: 6, h: 2 },
      { key: 'a', kind: 'map', stationId: null, w: 6, h: 2 },
    ];
    const bad = await post('/api/dashboard/add', { name: 'Twice', widgets: twice }, tokens.operator);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 400, data: null });
    const wide = [{ key: 'a', kind: 'map', stationId: null, w: 5, h: 2 }];
    expect((await post('/api/dashboard/add', { name: 'Wide', widgets: wide }, tokens.operator)).statusCode).toBe(400);
    const unknown = [
      { key: 'c', kind: 'curve', stationId: sz, points: [{ deviceId: pcsId, code: 'noSuch' }], w: 6, h: 2 },
    ];
    const missing = await post('/api/dashboard/add', { name: 'Unknown', widgets: unknown }, tokens.operator);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toContain('noSuch');
  });

  it('shares only with roles the sharer holds; a shared dashboard is read-only and read in the viewer’s scope', async () => {
    const db = ctx.database.db;
    const roleId = async (code: string) => (await db.select().from(roles).where(eq(roles.code, code)))[0]?.id ?? 0;
    const maintainerRole = await roleId('maintainer');
    expect((await post('/api/dashboard/share', { id, roleIds: [maintainerRole] }, tokens.operator)).statusCode).toBe(
      403,
    );
    expect(data<DashboardRow[]>(await post('/api/dashboard/list', {}, tokens.maintainer))).toEqual([]);
    const offered = data<ShareableRole[]>(await post('/api/dashboard/roles', {}, tokens.operator));
    expect(offered.map((r) => r.code)).toEqual(['operator']);
    // The read-only group manager shares nothing.
    const managers = data<DashboardRow[]>(await post('/api/dashboard/list', {}, tokens.manager));
    const managerOwn = managers[0]?.id ?? 0;
    expect((await post('/api/dashboard/share', { id: managerOwn, roleIds: [] }, tokens.manager)).statusCode).toBe(403);

    // The administrator may share their own dashboard with any role.
    const mine = await post('/api/dashboard/add', { name: 'Control room', widgets: built() }, tokens.admin);
    const shared = data<{ id: number }>(mine).id;
    const toMaintainers = await post('/api/dashboard/share', { id: shared, roleIds: [maintainerRole] }, tokens.admin);
    expect(toMaintainers.statusCode).toBe(200);
    const seen = data<DashboardRow[]>(await post('/api/dashboard/list', {}, tokens.maintainer));
    expect(seen).toEqual([expect.objectContaining({ id: shared, mine: false, roleIds: [], publishedAt: null })]);
    const renamed = { id: shared, name: 'Mine now', widgets: [] };
    expect((await post('/api/dashboard/update', renamed, tokens.maintainer)).statusCode).toBe(404);
    expect((await post('/api/dashboard/delete', { id: shared }, tokens.maintainer)).statusCode).toBe(404);
    // The maintainer sees Guangdong only: the map has their stations, the Suzhou widgets are out of scope.
    const theirs = data<DashboardData>(await post('/api/dashboard/data', { id: shared }, tokens.maintainer));
    const rows = data<SiteOverviewRow[]>(await post('/api/business/openStation/siteOverview', {}, tokens.maintainer));
    const map = theirs.widgets.map;
    expect(map && 'markers' in map ? map.markers.map((m) => m.id).sort() : null).toEqual(
      rows.map((r) => r.stationId).sort(),
    );
    expect(theirs.widgets.flow).toEqual({ kind: 'energyFlow', error: 'outOfScope' });
    expect(theirs.widgets.curve).toEqual({ kind: 'curve', error: 'outOfScope' });
    expect(theirs.stations).toEqual([]);
    // Someone else's dashboard not shared with them does not exist for them.
    expect((await post('/api/dashboard/data', { id }, tokens.maintainer)).statusCode).toBe(404);
  });

  it('publishes a link that shows only the widgets’ data without a session, and dies with its token', async () => {
    // Publishing is the operator's: not the maintainer's, not on someone else's dashboard.
    expect((await post('/api/dashboard/publish', { id }, tokens.maintainer)).statusCode).toBe(403);
    const first = data<{ token: string }>(await post('/api/dashboard/publish', { id }, tokens.operator)).token;
    const view = await post('/api/dashboard/public', { token: first }, null);
    expect(view.statusCode).toBe(200);
    const shown = data<PublicDashboard>(view);
    expect(shown.name).toBe('Fleet');
    expect(Object.keys(shown.data.widgets).sort()).toEqual([...KEYS].sort());
    // Nothing of who made it, nor other stations' names than its widgets'.
    expect(JSON.stringify(shown)).not.toContain('operator');
    expect(shown.data.stations.map((s) => s.id)).toEqual([sz]);

    // A new link replaces the old; revoking ends it; an owner who may no longer publish ends it too.
    const second = data<{ token: string }>(await post('/api/dashboard/publish', { id }, tokens.operator)).token;
    expect((await post('/api/dashboard/public', { token: first }, null)).statusCode).toBe(404);
    expect((await post('/api/dashboard/public', { token: second }, null)).statusCode).toBe(200);
    await ctx.database.db.update(users).set({ enabled: false }).where(eq(users.username, 'operator'));
    const disabled = await post('/api/dashboard/public', { token: second }, null);
    expect(disabled.statusCode).toBe(404);
    expect(disabled.json().msg).toBe('The link is not valid or was revoked');
    await ctx.database.db.update(users).set({ enabled: true }).where(eq(users.username, 'operator'));
    expect((await post('/api/dashboard/public', { token: second }, null)).statusCode).toBe(200);
    expect((await post('/api/dashboard/unpublish', { id }, tokens.operator)).statusCode).toBe(200);
    expect((await post('/api/dashboard/public', { token: second }, null)).statusCode).toBe(404);
  });
});
