import { type MenuItem, ResultCode, SCREEN_WINDOW_PAGES, sealSecret } from '@ess/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { devices, roles, sessions, stations, users } from '../../../db/schema';
import { sha256 } from '../../../lib/hash';
import { call, createTestApp, login, publicKeyOf, type TestContext } from '../../../test/harness';

/**
 * Issue 20 finding 6: a window opened with a one-time large-screen token is a screen, not the
 * issuer: it reads what a screen shows, writes nothing, and the token opens one window only.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', SIMULATOR: 'off', LOGIN_RATE_PER_MINUTE: '1000' });
});
afterAll(() => ctx?.close());
afterEach(() => {
  vi.useRealTimers();
});

async function screenTokenOf(issuer: string): Promise<{ token: string; expiresAt: number }> {
  const res = await call(ctx.app, issuer, 'POST', '/api/sys/token/applyLargeScreenToken');
  expect(res.json().code).toBe(200);
  return res.json().data;
}
const exchange = (bigToken: string) =>
  call(ctx.app, null, 'POST', '/api/sys/token/loginToCloud', { bigToken, type: 'pc' }, 'en_US');

async function screenSessionOf(issuer: string): Promise<string> {
  const res = await exchange((await screenTokenOf(issuer)).token);
  expect(res.json().code).toBe(200);
  return res.json().data.accessToken as string;
}

const stationIdsOf = async (token: string): Promise<number[]> => {
  const res = await call(ctx.app, token, 'POST', '/api/business/station', {});
  expect(res.statusCode).toBe(200);
  const tree = res.json().data as { children: { id: number }[] }[];
  return tree.flatMap((p) => p.children.map((s) => s.id)).sort((a, b) => a - b);
};

describe('a large-screen window of an administrator', () => {
  it('cannot add a user, even with the administrator role, nor make any other write', async () => {
    const admin = await login(ctx.app, 'admin');
    const screen = await screenSessionOf(admin);
    const [adminRole] = await ctx.database.db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'admin'));
    const [operator] = await ctx.database.db.select().from(users).where(eq(users.username, 'operator'));
    if (!adminRole || !operator) throw new Error('seed lacks the admin role or the operator');
    const password = await sealSecret(await publicKeyOf(ctx.app), 'escalated-1');
    const add = await call(
      ctx.app,
      screen,
      'POST',
      '/api/sys/user/add',
      {
        username: 'screen-made-admin',
        password,
        realName: 'Screen',
        phone: '13800138000',
        deptId: operator.deptId,
        roleIds: [adminRole.id],
      },
      'en_US',
    );
    expect(add.statusCode).toBe(403);
    expect(add.json().code).toBe(ResultCode.FORBIDDEN);
    expect(await ctx.database.db.select().from(users).where(eq(users.username, 'screen-made-admin'))).toEqual([]);

    const [station] = await ctx.database.db.select({ id: stations.id }).from(stations).limit(1);
    if (!station) throw new Error('seed lacks stations');
    const writes: [string, object][] = [
      ['/api/business/homeConfig/add', { stationId: station.id, blocks: [] }],
      ['/api/business/device/credentials', { deviceId: 1 }],
      ['/api/sys/role/add', { code: 'x', name: 'x', dataScope: 'all', menuIds: [1] }],
      ['/api/sys/user/addUserTheme', { theme: '#0094ff' }],
      ['/api/sys/token/applyLargeScreenToken', {}],
      ['/api/business/messageInfo/updateMessageReadStatus', { stationId: station.id, messageId: 1 }],
    ];
    for (const [url, payload] of writes) {
      const res = await call(ctx.app, screen, 'POST', url, payload, 'en_US');
      expect([url, res.statusCode, res.json().code]).toEqual([url, 403, ResultCode.FORBIDDEN]);
    }
  });

  it('reads what a screen shows and nothing of the administration', async () => {
    const admin = await login(ctx.app, 'admin');
    const screen = await screenSessionOf(admin);
    const info = await call(ctx.app, screen, 'GET', '/api/sys/user/get');
    expect(info.json().data).toMatchObject({ username: 'admin', readOnly: true, sessionKind: 'screen' });
    const [station] = await ctx.database.db.select({ id: stations.id }).from(stations).limit(1);
    if (!station) throw new Error('seed lacks stations');
    const shown = await call(ctx.app, screen, 'POST', '/api/business/openStation/pcsStationData', {
      stationId: station.id,
    });
    expect(shown.statusCode).toBe(200);
    const count = await call(ctx.app, screen, 'POST', '/api/flow/event/eventNum', { stationId: station.id });
    expect(count.statusCode).toBe(200);

    for (const url of ['/api/sys/user/page', '/api/sys/role/page', '/api/sys/log/page', '/api/sys/menu/tree']) {
      const res = await call(ctx.app, screen, 'POST', url, {}, 'en_US');
      expect([url, res.statusCode, res.json().code]).toEqual([url, 403, ResultCode.FORBIDDEN]);
    }
  });

  it("is offered only the pages a screen shows, and no contact's name or phone number", async () => {
    const admin = await login(ctx.app, 'admin');
    const screen = await screenSessionOf(admin);
    const [station] = await ctx.database.db.select().from(stations).limit(1);
    if (!station?.contact || !station.phone) throw new Error('seed lacks a station with a contact');
    const menuOf = async (token: string) => {
      const res = await call(ctx.app, token, 'POST', '/api/sys/permission/per/exclusiveMenu', {
        stationId: station.id,
      });
      expect(res.statusCode).toBe(200);
      const leaves = (items: MenuItem[]): string[] =>
        items.flatMap((m) => (m.children.length > 0 ? leaves(m.children) : m.url ? [m.url] : []));
      return leaves(res.json().data as MenuItem[]).sort();
    };
    expect((await menuOf(admin)).length).toBeGreaterThan(SCREEN_WINDOW_PAGES.length);
    expect(await menuOf(screen)).toEqual([...SCREEN_WINDOW_PAGES].sort());

    const contactsOf = async (token: string) => {
      const res = await call(ctx.app, token, 'POST', '/api/business/station', {});
      const tree = res.json().data as { children: { id: number; contact: string | null; phone: string | null }[] }[];
      return tree.flatMap((p) => p.children).find((s) => s.id === station.id);
    };
    expect(await contactsOf(admin)).toMatchObject({ contact: station.contact, phone: station.phone });
    expect(await contactsOf(screen)).toMatchObject({ contact: null, phone: null });
  });

  it('sees no more stations than its issuer', async () => {
    const operator = await login(ctx.app, 'operator');
    const screen = await screenSessionOf(operator);
    const own = await stationIdsOf(operator);
    expect(own.length).toBeGreaterThan(0);
    expect(await stationIdsOf(screen)).toEqual(own);
    const all = await ctx.database.db.select({ id: stations.id }).from(stations);
    const outside = all.find((s) => !own.includes(s.id));
    if (!outside) throw new Error('the operator sees every station');
    const res = await call(ctx.app, screen, 'POST', '/api/business/openStation/pcsStationData', {
      stationId: outside.id,
    });
    expect(res.statusCode).toBe(404);
    // The live values of a device (the home page's fallback while its socket is down), in scope only.
    const rows = await ctx.database.db.select({ id: devices.id, stationId: devices.stationId }).from(devices);
    const inside = rows.find((d) => own.includes(d.stationId));
    const beyond = rows.find((d) => d.stationId === outside.id);
    if (!inside || !beyond) throw new Error('seed lacks devices on both sides');
    const values = (deviceId: number) =>
      call(ctx.app, screen, 'POST', '/api/business/point/pointDataShowList', { deviceId });
    expect((await values(inside.id)).statusCode).toBe(200);
    expect((await values(beyond.id)).statusCode).toBe(404);
  });
});

describe('the one-time large-screen token', () => {
  it('opens one window only, even when presented many times at once', async () => {
    const { token } = await screenTokenOf(await login(ctx.app, 'operator'));
    const answers = await Promise.all(Array.from({ length: 6 }, () => exchange(token)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401, 401, 401]);
    expect((await exchange(token)).statusCode).toBe(401);
  });

  it('lives at most a minute, and is stored only as a hash', async () => {
    const operator = await login(ctx.app, 'operator');
    const applied = await screenTokenOf(operator);
    expect(applied.expiresAt).toBeLessThanOrEqual(Date.now() + 60_000);
    const rows = await ctx.database.db.select().from(sessions).where(eq(sessions.kind, 'big-screen'));
    expect(rows.filter((r) => r.tokenHash === sha256(applied.token))).toHaveLength(1);
    expect(rows.some((r) => JSON.stringify(r).includes(applied.token))).toBe(false);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(applied.expiresAt + 1);
    const late = await exchange(applied.token);
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe(ResultCode.SESSION_INVALID);
    vi.useRealTimers();

    // Just inside its minute it still opens the window.
    const fresh = await screenTokenOf(operator);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(fresh.expiresAt - 1_000);
    expect((await exchange(fresh.token)).statusCode).toBe(200);
  });
});
