import { ORDER_STATUS, type OrderDetail, type OrderTrack } from '@ess/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, posts, userStations, users } from '../../../db/schema';
import { call, createTestApp, login, stationIdLookup, type TestContext } from '../../../test/harness';
import { insertRaised } from '../../alarms/alarm';
import { raisedEvent } from '../../alarms/alarm/raised-event.kit';
import { commitStep, findOrder } from './order.repository';
import { OrderService } from './order.service';

let ctx: TestContext;
let operator: string;
let maintainer: string;
let manager: string;
let admin: string;
let station: number;
let otherStation: number;
let id: (name: string) => number;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', LOGIN_RATE_PER_MINUTE: '1000' });
  const db = ctx.database.db;
  const lookup = await stationIdLookup(db);
  station = lookup('JS-SZ01');
  otherStation = lookup('GD-SZ01');
  const rows = await db.select({ id: users.id, username: users.username }).from(users);
  id = (name) => rows.find((r) => r.username === name)?.id ?? Number.NaN;
  // The maintainer (another organisation) is granted the operator's station to work there.
  await db.insert(userStations).values({ userId: id('maintainer'), stationId: station });
  operator = await login(ctx.app, 'operator');
  maintainer = await login(ctx.app, 'maintainer');
  manager = await login(ctx.app, 'manager');
  admin = await login(ctx.app, 'admin');
});
afterAll(() => ctx?.close());

const post = (token: string, path: string, body: object, lang = 'en_US') =>
  call(ctx.app, token, 'POST', `/api/workorder/${path}`, body, lang);
const get = (token: string, path: string) => call(ctx.app, token, 'GET', `/api/workorder/${path}`, undefined, 'en_US');
const act = (token: string, orderId: number, action: string, extra: object = {}) =>
  post(token, 'order/action', { id: orderId, action, ...extra });

async function open(title = 'Rack 3 insulation fault'): Promise<number> {
  const res = await post(operator, 'order/add', {
    title,
    orderType: 1,
    stationId: station,
    executors: [{ userId: id('maintainer') }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

async function detail(token: string, orderId: number): Promise<OrderDetail> {
  const res = await get(token, `order/${orderId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('work order life', () => {
  it("names who a new order may go to: the station's users and the posts, in scope only", async () => {
    const [crew] = await ctx.database.db
      .insert(posts)
      .values([
        { code: 'wo-crew', name: 'Repair crew' },
        { code: 'wo-retired', name: 'Retired crew', enabled: false },
      ])
      .returning({ id: posts.id });
    const res = await post(operator, 'order/candidates', { stationId: station });
    expect(res.statusCode, res.body).toBe(200);
    const { users: people, posts: offered } = res.json().data as { users: { id: number }[]; posts: unknown[] };
    // The maintainer was granted the station; the demo and read-only accounts never act.
    expect(people.map((u) => u.id)).toEqual(expect.arrayContaining([id('operator'), id('maintainer')]));
    expect(people.map((u) => u.id)).not.toContain(id('demo'));
    expect(offered).toEqual([{ id: crew?.id, name: 'Repair crew' }]);
    // Outside the caller's scope the station is answered as not found (ids cannot be probed).
    expect((await post(operator, 'order/candidates', { stationId: otherStation })).statusCode).toBe(404);
  });

  it("links only the order's own station's device and alarm", async () => {
    const db = ctx.database.db;
    const [foreign] = await db.select({ id: devices.id }).from(devices).where(eq(devices.stationId, otherStation));
    const [alarm] = await insertRaised(db, [
      raisedEvent({ key: 'wo-link:1', stationId: otherStation, content: 'Elsewhere' }),
    ]);
    const base = { title: 'x', orderType: 1, stationId: station, executors: [{ userId: id('maintainer') }] };
    // The admin sees both stations: the refusal is about the link, not the caller's scope.
    const byDevice = await post(admin, 'order/add', { ...base, deviceId: foreign?.id });
    expect(byDevice.statusCode).toBe(404);
    expect(byDevice.json().msg).toBe('Device does not exist or is not accessible');
    const byAlarm = await post(admin, 'order/add', { ...base, alarmEventId: alarm?.id });
    expect(byAlarm.statusCode).toBe(404);
    expect(byAlarm.json().msg).toBe('The alarm does not exist');
  });

  it('refuses an order without executors in the words of the spec', async () => {
    const res = await post(operator, 'order/add', { title: 'x', orderType: 1, stationId: station, executors: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Executor cannot be empty');
  });

  it('goes through every action, back to an earlier node and forward again', async () => {
    const orderId = await open();
    const made = await detail(operator, orderId);
    expect(made.number).toMatch(/^WO\d{8}\d{4}$/);
    expect(made.status).toBe(ORDER_STATUS.toAllocate);
    expect(made.activeNodeIds).toEqual(['allocate']);
    expect(made.assignees).toEqual([{ kind: 'user', id: id('operator'), name: expect.any(String) }]);
    expect(made.actions).toEqual(expect.arrayContaining(['allocate', 'void', 'forward']));

    // Only the assignee acts: the maintainer may not allocate.
    expect((await act(maintainer, orderId, 'allocate')).statusCode).toBe(403);
    // allocate → the order's executors accept
    expect((await act(operator, orderId, 'allocate')).json().data).toEqual({ id: orderId, status: 1 });
    expect((await act(operator, orderId, 'accept')).statusCode).toBe(403);
    expect((await act(maintainer, orderId, 'finish', { opinion: 'x' })).statusCode).toBe(409);
    expect((await act(maintainer, orderId, 'accept')).json().data.status).toBe(ORDER_STATUS.inProgress);

    // back needs an opinion and a node the order passed
    expect((await act(maintainer, orderId, 'back', { nodeId: 'allocate' })).json().msg).toBe('Please enter an opinion');
    expect((await act(maintainer, orderId, 'back', { nodeId: 'review', opinion: 'no' })).statusCode).toBe(400);
    const handling = await detail(maintainer, orderId);
    expect(handling.backNodes.map((n) => n.id).sort()).toEqual(['accept', 'allocate']);
    const back = await act(maintainer, orderId, 'back', { nodeId: 'allocate', opinion: 'Wrong rack, please check' });
    expect(back.json().data.status).toBe(ORDER_STATUS.toAllocate);

    // re-allocate to the maintainer by name, accept again
    expect((await act(operator, orderId, 'allocate', { userId: id('maintainer') })).json().data.status).toBe(1);
    expect((await act(maintainer, orderId, 'accept')).json().data.status).toBe(2);

    // forward needs a forwardee; forward to the operator and back again
    expect((await act(maintainer, orderId, 'forward')).json().msg).toBe('Please select a forwarder');
    expect((await act(maintainer, orderId, 'forward', { userId: id('operator') })).json().data.status).toBe(2);
    expect((await detail(operator, orderId)).assignees.map((a) => a.id)).toEqual([id('operator')]);
    expect((await act(maintainer, orderId, 'finish', { opinion: 'x' })).statusCode).toBe(403);
    expect((await act(operator, orderId, 'forward', { userId: id('maintainer') })).json().data.status).toBe(2);

    expect((await act(maintainer, orderId, 'finish')).statusCode).toBe(400);
    const finished = await act(maintainer, orderId, 'finish', { opinion: 'Replaced the insulation monitor' });
    expect(finished.json().data.status).toBe(ORDER_STATUS.finished);
    expect((await detail(operator, orderId)).activeNodeIds).toEqual(['review']);
    expect((await act(operator, orderId, 'close')).json().data.status).toBe(ORDER_STATUS.finished);
    expect((await act(operator, orderId, 'close')).statusCode).toBe(409);

    const track: OrderTrack = (await get(operator, `order/${orderId}/track`)).json().data;
    expect(track.activeNodeIds).toEqual([]);
    expect(track.steps.map((s) => [s.action, s.nodeId, s.toNodeId])).toEqual([
      ['create', null, 'allocate'],
      ['allocate', 'allocate', 'accept'],
      ['accept', 'accept', 'handle'],
      ['back', 'handle', 'allocate'],
      ['allocate', 'allocate', 'accept'],
      ['accept', 'accept', 'handle'],
      ['forward', 'handle', 'handle'],
      ['forward', 'handle', 'handle'],
      ['finish', 'handle', 'review'],
      ['close', 'review', null],
    ]);
    expect(track.steps[3]).toMatchObject({ userId: id('maintainer'), opinion: 'Wrong rack, please check' });
    const done = await detail(operator, orderId);
    expect(done.executorId).toBe(id('maintainer'));
    expect(done.acceptTime).not.toBeNull();
    expect(done.finishTime).not.toBeNull();

    // The finished fault repair wrote its repair record: who, where, what.
    const repairs = (
      await post(operator, 'repair-record/page', { stationId: station, pageNum: 1, pageSize: 50 })
    ).json().data.rows;
    expect(repairs).toEqual([
      expect.objectContaining({
        content: 'Replaced the insulation monitor',
        remark: `${done.number} Rack 3 insulation fault`,
      }),
    ]);

    const diagram = (await get(operator, `order/${orderId}/diagram`)).json().data;
    expect(diagram.activeNodeIds).toEqual([]);
    expect(diagram.doneNodeIds.sort()).toEqual(['accept', 'allocate', 'handle', 'review']);
  });

  it('transfers to another executor, who accepts again', async () => {
    const orderId = await open('Transfer me');
    await act(operator, orderId, 'allocate');
    await act(maintainer, orderId, 'accept');
    expect((await act(maintainer, orderId, 'transfer')).statusCode).toBe(400);
    const moved = await act(maintainer, orderId, 'transfer', { userId: id('operator') });
    expect(moved.json().data.status).toBe(ORDER_STATUS.allocated);
    expect((await detail(operator, orderId)).assignees.map((a) => a.id)).toEqual([id('operator')]);
  });

  it('voids with an opinion, then only deletes', async () => {
    const orderId = await open('Void me');
    expect((await act(operator, orderId, 'void')).statusCode).toBe(400);
    expect((await act(operator, orderId, 'void', { opinion: 'Duplicate' })).json().data.status).toBe(
      ORDER_STATUS.voided,
    );
    expect((await act(operator, orderId, 'allocate')).statusCode).toBe(409);
    expect((await post(operator, 'order/delete', { id: orderId })).statusCode).toBe(200);
    expect((await get(operator, `order/${orderId}`)).statusCode).toBe(404);
  });

  it('lists to-do, done and all by who may see them', async () => {
    const orderId = await open('Listed');
    const page = async (token: string, scope: string) =>
      (await post(token, 'order/page', { scope, pageNum: 1, pageSize: 50 })).json().data;
    const todo = await page(operator, 'todo');
    expect(todo.rows.map((r: { id: number }) => r.id)).toContain(orderId);
    expect(todo.rows[0]).toEqual(
      expect.objectContaining({ id: expect.any(Number), number: expect.any(String), stationId: station }),
    );
    expect((await page(maintainer, 'todo')).rows.map((r: { id: number }) => r.id)).not.toContain(orderId);
    expect((await page(maintainer, 'done')).total).toBeGreaterThan(0);
    expect((await page(manager, 'all')).rows.map((r: { id: number }) => r.id)).toContain(orderId);
    // The manager reads but never acts (read-only account).
    expect((await act(manager, orderId, 'allocate')).statusCode).toBe(403);
  });

  it('keeps orders inside station scope', async () => {
    const res = await post(operator, 'order/add', {
      title: 'Elsewhere',
      orderType: 2,
      stationId: otherStation,
      executors: [{ userId: id('operator') }],
    });
    expect(res.statusCode).toBe(404);
    const made = await post(admin, 'order/add', {
      title: 'GD order',
      orderType: 2,
      stationId: otherStation,
      executors: [{ userId: id('admin') }],
    });
    const gd = made.json().data.id;
    expect((await get(operator, `order/${gd}`)).statusCode).toBe(404);
    expect((await act(operator, gd, 'void', { opinion: 'x' })).statusCode).toBe(404);
    // An executor who cannot see the station is refused.
    const outside = await post(admin, 'order/add', {
      title: 'GD order',
      orderType: 2,
      stationId: otherStation,
      executors: [{ userId: id('operator') }],
    });
    expect(outside.statusCode).toBe(400);
  });

  it('lets one of two simultaneous steps win; the other answers 409', async () => {
    const orderId = await open('Race');
    const [a, b] = await Promise.all([act(operator, orderId, 'allocate'), act(operator, orderId, 'allocate')]);
    // The loser either read the order after the winner (no longer its task: 403) or before (409).
    expect([a.statusCode, b.statusCode].sort()[0]).toBe(200);
    expect([403, 409]).toContain([a.statusCode, b.statusCode].sort()[1]);
    const track: OrderTrack = (await get(operator, `order/${orderId}/track`)).json().data;
    expect(track.steps.filter((s) => s.action === 'allocate')).toHaveLength(1);
  });

  it('opens one order per running alarm, however many callers try at once', async () => {
    const files = { describe: async () => [], assertUsable: async () => {} };
    const orders = new OrderService(ctx.database.db, files);
    const input = {
      source: 'automatic' as const,
      stationId: station,
      title: 'Alarm 4242',
      orderType: 1 as const,
      alarmEventId: 4242,
      executors: [{ userId: id('operator') }],
      initiatorId: null,
    };
    const opened = await Promise.all([orders.openOrder(input), orders.openOrder(input), orders.openOrder(input)]);
    expect(new Set(opened.map((o) => o.id)).size).toBe(1);
    expect(opened.filter((o) => o.created)).toHaveLength(1);
    // Once that order has ended, the alarm may open another.
    const [first] = opened;
    if (!first) throw new Error('no order');
    const token = await login(ctx.app, 'operator');
    expect((await act(token, first.id, 'void', { opinion: 'false alarm' })).statusCode).toBe(200);
    const again = await orders.openOrder(input);
    expect(again.created).toBe(true);
    expect(again.id).not.toBe(first.id);
  });

  it('commits a step only on the version it read', async () => {
    const orderId = await open('Versioned');
    const read = await findOrder(ctx.database.db, orderId);
    if (!read) throw new Error('no order');
    const step = { action: 'forward', userId: id('operator'), nodeId: 'allocate', toNodeId: 'allocate' };
    const first = commitStep(ctx.database.db, orderId, read.version, { remark: 'a' }, step);
    const second = commitStep(ctx.database.db, orderId, read.version, { remark: 'b' }, step);
    // On a pool of connections either may win; exactly one does, and only its change stays.
    const won = [await first, await second];
    expect(won.filter(Boolean)).toHaveLength(1);
    expect((await findOrder(ctx.database.db, orderId))?.remark).toBe(won[0] ? 'a' : 'b');
    const track: OrderTrack = (await get(operator, `order/${orderId}/track`)).json().data;
    expect(track.steps.filter((s) => s.action === 'forward')).toHaveLength(1);
  });
});
