import {
  type Endpoint,
  endpointPath,
  endpoints,
  inputPart,
  SEED_ROLES,
  type StationTree,
  sealSecret,
} from '@ess/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menus, stations, users } from './db/schema';
import { translate } from './i18n/messages';
import { createTestApp, login, publicKeyOf, type TestContext } from './test/harness';
import { sampleInput } from './test/sample-input';

/**
 * Issue 13 "Rules that must hold everywhere": every entry of the endpoint table, called as
 * every seeded role and as a role made here with exactly one menu. What each caller may do is
 * read from what it holds (GET /sys/user/get: roles, powerList, readOnly, demo), never typed in:
 * - lacking every permission of `access.perms` → 403 (the guard runs before the body is read,
 *   so never a 2xx, and never a 400/404 that shows the guard was passed);
 * - a read-only account on a `mutates` entry, the demo account on a `refuseDemo` one → 403;
 * - a large-screen window (a session from a one-time screen token) on any entry without
 *   `access.screen` → 403, an administrator's included;
 * - holding the permission, a read is not refused (no 401/403);
 * - an entry naming a station (`access.station`), called with a station outside the caller's
 *   scope → 404 and no data, for reads and writes alike.
 * New entries join automatically: the cases come from `endpoints`.
 */

type Caller = {
  who: string;
  userId: number;
  token: string;
  perms: Set<string>;
  isAdmin: boolean;
  readOnly: boolean;
  demo: boolean;
  screenOnly: boolean;
  /** A station this caller cannot see, if any. */
  outside: number | null;
  /** A station this caller sees, if any. */
  inside: number | null;
};
type Case = {
  name: string;
  caller: Caller;
  expect: 'denied' | 'notDenied' | 'outOfScope';
  station?: number;
};
type Outcome = { c: Case; status: number; body: string };

/** The one menu of the role made here: a system page with station-scoped calls. */
const ONE_MENU = 'system.equipment';
const ONE_MENU_CALLER = `one menu (${ONE_MENU})`;
/** Holds every menu and button but sees only its organisation's stations: tries every station check. */
const SCOPED_CALLER = 'every menu, one organisation';
/** The large-screen account sees only this station here, so it has stations outside its scope. */
const SCREEN_STATION = 'JS-NJ01';
/** Sessions opened with a one-time large-screen token of these users (the operator's has stations outside). */
const SCREEN_WINDOWS = ['admin', 'operator'] as const;
const screenWindowCaller = (issuer: string) => `large-screen window of ${issuer}`;

/**
 * Entries whose path starts with /sys/ or /business/, not public, that declare no `perms`:
 * each with why a session (and, where named, the station scope) is enough. A new
 * administration call must declare its permission or be listed here with its reason.
 */
const SESSION_ONLY: Record<string, string> = {
  applyLargeScreenToken: "the caller's own large-screen token",
  applyCommonLargeScreenToken: "the caller's own large-screen token",
  visualCode: "the caller's own one-time code, for a link to the visualisation host only",
  logout: "ends the caller's own session",
  changePassword: "the caller's own password (refuseDemo)",
  userInfo: 'the signed-in user itself',
  sysTheme: 'theme of the interface, every user',
  userTheme: "the caller's own theme",
  addUserTheme: "the caller's own theme (refuseDemo)",
  exclusiveMenu: "the caller's own menus (station-scoped)",
  dictTypeAll: 'dictionaries every page reads (labels, not data)',
  platformInfo: 'version and simulated stations shown in the shell',
  stationTree: "the caller's own stations (scope applied in the query)",
  deviceTree: 'station monitoring read, station-scoped',
  virtualDevices: 'station monitoring read, station-scoped',
  latestByType: 'station monitoring read, station-scoped',
  pointList: "device read: the device's station must be in scope",
  pointDataShowList: "device read: the device's station must be in scope",
  pointCurve: "device read: the device's station must be in scope",
  queryPoint: 'station monitoring read, station-scoped',
  queryVirtualPoint: 'station monitoring read, station-scoped',
  virtualPage: 'station monitoring read, station-scoped',
  virtualList: 'station monitoring read, station-scoped',
  meterConfig: 'station monitoring read, station-scoped',
  addCurveList: "the caller's own page configuration (refuseDemo, station-scoped)",
  queryCurveConfig: "the caller's own page configuration, station-scoped",
  addPointList: "the caller's own page configuration (refuseDemo, station-scoped)",
  pointConfigList: 'station monitoring read, station-scoped',
  pointConfigData: 'station monitoring read, station-scoped',
  curveSetAdd: "the caller's own curve sets (refuseDemo, station-scoped)",
  curveSetPage: "the caller's own curve sets, station-scoped",
  curveSetDelete: "the caller's own curve sets (refuseDemo)",
  pcsStationData: 'station monitoring read, station-scoped',
  realtimeCurve: 'station monitoring read, station-scoped',
  energyFlow: 'station monitoring read, station-scoped',
  deviceStatus: 'station monitoring read, station-scoped',
  incomeData: 'station monitoring read, station-scoped',
  storageUnits: 'station monitoring read, station-scoped',
  dynamicRealtimeCurve: 'station monitoring read, station-scoped',
  siteOverview: "overview of the caller's own stations (scope applied in the query)",
  airCondition: 'station monitoring read, station-scoped',
  pvChargers: 'station monitoring read, station-scoped',
  homeConfig: 'station home page layout read, station-scoped',
  stationReport: 'station monitoring read, station-scoped',
  receivedMessages: "the caller's own messages, station-scoped",
  confirmRead: "the caller's own read receipt, station-scoped",
  topologyJumpList: 'station topology links read, station-scoped',
};

/** Entries never called here: they end or change the session the other calls use. */
const NOT_CALLED = new Set(['logout', 'changePassword']);

const table = Object.entries(endpoints) as [string, Endpoint][];
let ctx: TestContext;
let callers: Caller[];

async function userInfo(token: string) {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/sys/user/get', headers: auth(token) });
  if (res.statusCode !== 200) throw new Error(`user info: ${res.statusCode} ${res.body}`);
  return res.json().data as {
    userId: number;
    roles: string[];
    powerList: string[];
    readOnly: boolean;
    demo: boolean;
    screenOnly: boolean;
  };
}
const auth = (token: string) => ({ authorization: `Bearer ${token}`, lang: 'en_US' });

async function visibleStations(token: string): Promise<Set<number>> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/business/station', headers: auth(token), payload: {} });
  const tree = res.json().data as StationTree;
  return new Set(tree.flatMap((p) => p.children.map((s) => s.id)));
}

/**
 * A role made here through the role and user administration calls, and a user holding it in
 * the operator's organisation (so it sees the operator's stations only). `menuCodes` null
 * grants every menu and button row.
 */
async function madeUser(
  admin: string,
  code: string,
  menuCodes: string[] | null,
): Promise<{ username: string; password: string }> {
  const db = ctx.database.db;
  const rows = await db.select({ id: menus.id, code: menus.code }).from(menus);
  const granted = rows.filter((m) => menuCodes === null || menuCodes.includes(m.code));
  const [operator] = await db.select({ deptId: users.deptId }).from(users).where(eq(users.username, 'operator'));
  if (granted.length === 0 || !operator) throw new Error('seed lacks the menus or the operator');
  const post = async (url: string, payload: object) => {
    const res = await ctx.app.inject({ method: 'POST', url, headers: auth(admin), payload });
    if (res.statusCode !== 200 || res.json().code !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json().data as { id: number };
  };
  const role = await post('/api/sys/role/add', {
    code,
    name: code,
    dataScope: 'org',
    menuIds: granted.map((m) => m.id),
  });
  const password = 'matrix-pass-1';
  const sealed = await sealSecret(await publicKeyOf(ctx.app), password);
  await post('/api/sys/user/add', {
    username: code,
    password: sealed,
    realName: code,
    phone: '13800138000',
    deptId: operator.deptId,
    roleIds: [role.id],
  });
  return { username: code, password };
}

/** A session opened with a one-time large-screen token the holder of `token` applied for. */
async function screenWindowOf(token: Promise<string>): Promise<string> {
  const applied = await ctx.app.inject({
    method: 'POST',
    url: '/api/sys/token/applyLargeScreenToken',
    headers: auth(await token),
  });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/sys/token/loginToCloud',
    payload: { bigToken: applied.json().data.token, type: 'pc' },
  });
  if (res.json().code !== 200) throw new Error(`loginToCloud: ${res.statusCode} ${res.body}`);
  return res.json().data.accessToken as string;
}

beforeAll(async () => {
  ctx = await createTestApp({
    TELEMETRY: 'off',
    SIMULATOR: 'off',
    LOGIN_RATE_PER_MINUTE: '100000',
    SCREEN_STATIONS: SCREEN_STATION,
  });
  const all = (await ctx.database.db.select({ id: stations.id }).from(stations)).map((s) => s.id);
  const admin = await login(ctx.app, 'admin');
  const one = await madeUser(admin, 'matrix-one-menu', [ONE_MENU]);
  const scoped = await madeUser(admin, 'matrix-all-menus', null);
  const signIns: [string, Promise<string>][] = [
    ...SEED_ROLES.map((r): [string, Promise<string>] => [r, login(ctx.app, r)]),
    [ONE_MENU_CALLER, login(ctx.app, one.username, one.password)],
    [SCOPED_CALLER, login(ctx.app, scoped.username, scoped.password)],
    ...SCREEN_WINDOWS.map((r): [string, Promise<string>] => [screenWindowCaller(r), screenWindowOf(login(ctx.app, r))]),
  ];
  callers = await Promise.all(
    signIns.map(async ([who, pending]) => {
      const token = await pending;
      const info = await userInfo(token);
      const seen = await visibleStations(token);
      return {
        who,
        userId: info.userId,
        token,
        perms: new Set(info.powerList),
        isAdmin: info.roles.includes('admin'),
        readOnly: info.readOnly,
        demo: info.demo,
        screenOnly: info.screenOnly,
        outside: all.find((id) => !seen.has(id)) ?? null,
        inside: all.find((id) => seen.has(id)) ?? null,
      };
    }),
  );
}, 120_000);
afterAll(() => ctx?.close());

const holds = (c: Caller, e: Endpoint): boolean => {
  const perms = 'perms' in e.access ? e.access.perms : undefined;
  return !perms || c.isAdmin || perms.some((p) => c.perms.has(p));
};
const refusedAnyway = (c: Caller, e: Endpoint): boolean =>
  !e.access.public &&
  ((Boolean(e.access.mutates) && c.readOnly) ||
    (Boolean(e.access.refuseDemo) && c.demo) ||
    (c.screenOnly && !e.access.screen));

/** Inputs a sample cannot guess: fields that must name the caller. */
const OWN_INPUT: Record<string, (c: Caller) => Record<string, unknown>> = {
  userTheme: (c) => ({ id: c.userId }),
};

/** The request of one case: the sampled input, with the station put where the entry reads it. */
function request(name: string, e: Endpoint, caller: Caller, station?: number) {
  const part = inputPart(e);
  const sampled = part ? sampleInput(part.schema) : undefined;
  const own = OWN_INPUT[name]?.(caller);
  const input = own && sampled && typeof sampled === 'object' ? { ...sampled, ...own } : sampled;
  const field = !e.access.public ? e.access.station : undefined;
  const value =
    input && typeof input === 'object' && field && station !== undefined ? { ...input, [field]: station } : input;
  const params = part?.part === 'params' ? (value as Record<string, unknown>) : undefined;
  const path = `/api${endpointPath(e, params)}`;
  const query = part?.part === 'query' && value && typeof value === 'object' ? toQuery(value) : '';
  return {
    method: e.method,
    url: `${path}${query}`,
    ...(part?.part === 'body' ? { payload: value as object } : e.method === 'GET' ? {} : { payload: {} }),
    name,
  };
}
const toQuery = (v: object): string => {
  const q = new URLSearchParams();
  for (const [k, x] of Object.entries(v)) if (x !== undefined && x !== null) q.set(k, String(x));
  const s = q.toString();
  return s ? `?${s}` : '';
};

function cases(): Case[] {
  const out: Case[] = [];
  for (const [name, e] of table) {
    if (e.access.public || NOT_CALLED.has(name)) continue;
    for (const caller of callers) {
      if (!holds(caller, e) || refusedAnyway(caller, e)) {
        // A station call may take its permission from the caller's role at that station, which
        // the guard checks after the scope: denied calls name a station the caller sees.
        out.push({ name, caller, expect: 'denied', station: caller.inside ?? undefined });
        continue;
      }
      if (e.access.station && caller.outside !== null) {
        out.push({ name, caller, expect: 'outOfScope', station: caller.outside });
      }
      // Writes the caller may make are not made here (their own tests do); reads are.
      if (!e.access.mutates && !e.access.refuseDemo && e.method !== 'DELETE' && e.method !== 'PUT') {
        out.push({ name, caller, expect: 'notDenied', station: caller.inside ?? undefined });
      }
    }
  }
  return out;
}

async function run(all: Case[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const BATCH = 16;
  for (let i = 0; i < all.length; i += BATCH) {
    const batch = all.slice(i, i + BATCH);
    outcomes.push(
      ...(await Promise.all(
        batch.map(async (c) => {
          const e = endpoints[c.name as keyof typeof endpoints] as Endpoint;
          const { method, url, ...rest } = request(c.name, e, c.caller, c.station);
          const res = await ctx.app.inject({
            method,
            url,
            headers: auth(c.caller.token),
            ...('payload' in rest ? { payload: rest.payload } : {}),
          });
          return { c, status: res.statusCode, body: res.statusCode === 404 ? res.body : res.body.slice(0, 160) };
        }),
      )),
    );
  }
  return outcomes;
}

describe('authorization matrix over the endpoint table', () => {
  it('knows every caller: the seeded roles, a role with one menu, a scoped role with every menu', () => {
    expect(callers.map((c) => c.who)).toEqual([
      ...SEED_ROLES,
      ONE_MENU_CALLER,
      SCOPED_CALLER,
      ...SCREEN_WINDOWS.map(screenWindowCaller),
    ]);
    const one = callers.find((c) => c.who === ONE_MENU_CALLER);
    expect(one?.isAdmin).toBe(false);
    // One menu row: its page permission and nothing else.
    expect([...(one?.perms ?? [])]).toEqual(['sys:equipment:query']);
    expect(one?.outside).not.toBeNull();
    const scoped = callers.find((c) => c.who === SCOPED_CALLER);
    expect(scoped?.isAdmin).toBe(false);
    expect(scoped?.outside).not.toBeNull();
    for (const issuer of SCREEN_WINDOWS) {
      const window = callers.find((c) => c.who === screenWindowCaller(issuer));
      expect(window).toMatchObject({ screenOnly: true, readOnly: true, isAdmin: issuer === 'admin' });
    }
    expect(callers.find((c) => c.who === screenWindowCaller('operator'))?.outside).not.toBeNull();
  });

  it('every entry answers as the permissions, read-only flags and station scopes say', async () => {
    const all = cases();
    const outcomes = await run(all);
    // Out of scope answers exactly like a station that does not exist: no data, no hint.
    const stationMissing = translate('en_US', 'stationNotFound');
    const wrong = outcomes.filter(({ c, status, body }) => {
      if (status >= 500) return true;
      if (c.expect === 'denied') return status !== 403;
      if (c.expect === 'outOfScope') {
        const json = JSON.parse(body) as { msg?: string; data?: unknown };
        return status !== 404 || json.data !== null || json.msg !== stationMissing;
      }
      return status === 401 || status === 403;
    });
    expect(
      wrong.map(({ c, status, body }) => `${c.name} as ${c.caller.who} (${c.expect}) → ${status} ${body}`),
    ).toEqual([]);
    // Every entry took part.
    const called = new Set(all.map((c) => c.name));
    const callable = table.filter(([n, e]) => !e.access.public && !NOT_CALLED.has(n)).map(([n]) => n);
    expect(callable.filter((n) => !called.has(n))).toEqual([]);
    expect(all.filter((c) => c.expect === 'denied').length).toBeGreaterThan(100);
  }, 120_000);

  it('every station-naming entry was tried outside the scope of some caller', () => {
    const named = table.filter(([n, e]) => !e.access.public && e.access.station && !NOT_CALLED.has(n));
    const tried = new Set(
      cases()
        .filter((c) => c.expect === 'outOfScope')
        .map((c) => c.name),
    );
    expect(named.map(([n]) => n).filter((n) => !tried.has(n))).toEqual([]);
  });

  it('every administration entry declares its permission, or is listed with its reason', () => {
    const missing = table
      .filter(([, e]) => /^\/(sys|business)\//.test(e.path) && !e.access.public)
      .filter(([, e]) => !('perms' in e.access && e.access.perms && e.access.perms.length > 0))
      .map(([n]) => n)
      .filter((n) => !(n in SESSION_ONLY));
    expect(missing).toEqual([]);
    // The list holds no stale names.
    expect(Object.keys(SESSION_ONLY).filter((n) => !(n in endpoints))).toEqual([]);
  });
});
