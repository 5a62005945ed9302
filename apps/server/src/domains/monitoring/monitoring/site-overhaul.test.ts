import type { SiteOverviewRow } from '@ess/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, users } from '../../../db/schema';
import { call, createTestApp, login, stationIdLookup, type TestContext } from '../../../test/harness';

let ctx: TestContext;
let operator: string;
let station: number;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', LOGIN_RATE_PER_MINUTE: '1000' });
  station = (await stationIdLookup(ctx.database.db))('JS-SZ01');
  operator = await login(ctx.app, 'operator');
});
afterAll(() => ctx?.close());

const post = async <T>(path: string, body: object): Promise<T> => {
  const res = await call(ctx.app, operator, 'POST', `/api${path}`, body, 'en_US');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
};

const overhaulOf = async (stationId: number): Promise<number | undefined> =>
  (await post<SiteOverviewRow[]>('/business/openStation/siteOverview', {})).find((r) => r.stationId === stationId)
    ?.overhaulDevices;

describe('site overview: overhaul', () => {
  it('counts the devices of a station with a work order in progress, until the order ends', async () => {
    const db = ctx.database.db;
    const racks = await db.select({ id: devices.id }).from(devices).where(eq(devices.stationId, station));
    const [me] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'operator'));
    const [first, second] = racks;
    if (!first || !second || !me) throw new Error('seed lacks devices');
    expect(await overhaulOf(station)).toBe(0);

    const open = (deviceId: number | undefined) =>
      post<{ id: number }>('/workorder/order/add', {
        title: 'Rack check',
        orderType: 1,
        stationId: station,
        ...(deviceId ? { deviceId } : {}),
        executors: [{ userId: me.id }],
      });
    const a = await open(first.id);
    await open(first.id);
    const b = await open(second.id);
    // An order of the station without a device puts no device under overhaul.
    await open(undefined);
    expect(await overhaulOf(station)).toBe(2);

    await post('/workorder/order/action', { id: a.id, action: 'void', opinion: 'Duplicate' });
    // The first device still has its other order in progress.
    expect(await overhaulOf(station)).toBe(2);
    await post('/workorder/order/action', { id: b.id, action: 'void', opinion: 'Not needed' });
    expect(await overhaulOf(station)).toBe(1);
  });
});
