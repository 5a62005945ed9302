import { MESSAGE_STATUS, type MessageConfigRow, type ReceivedMessage, ResultCode } from '@ess/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../db/message-schema';
import { users } from '../../../db/schema';
import { call, createTestApp, login, stationIdLookup, type TestContext } from '../../../test/harness';

let ctx: TestContext;
let admin: string;
let operator: string;
let maintainer: string;
let manager: string;
let station: (code: string) => number;
let userId: (name: string) => number;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', LOGIN_RATE_PER_MINUTE: '1000' });
  admin = await login(ctx.app, 'admin');
  operator = await login(ctx.app, 'operator');
  maintainer = await login(ctx.app, 'maintainer');
  manager = await login(ctx.app, 'manager');
  station = await stationIdLookup(ctx.database.db);
  const rows = await ctx.database.db.select({ id: users.id, username: users.username }).from(users);
  userId = (name) => rows.find((r) => r.username === name)?.id ?? Number.NaN;
});
afterAll(() => ctx?.close());

const HOUR = 3_600_000;
const base = '/api/business/messageInfo';
const post = (token: string, path: string, body: object, lang = 'zh_CN') =>
  call(ctx.app, token, 'POST', `${base}/${path}`, body, lang);

const draft = (over: Record<string, unknown> = {}) => ({
  title: 'Cleaning tomorrow',
  messageContent: 'Panels of JS-SZ01 are cleaned at 9:00',
  messageType: 1,
  receivingType: 1,
  receivingObjects: [station('JS-SZ01')],
  sendMode: 'now',
  playEndTime: Date.now() + 2 * HOUR,
  playFrequency: 30,
  frequencyUnit: 'minute',
  ...over,
});

async function add(token: string, over: Record<string, unknown> = {}): Promise<MessageConfigRow> {
  const res = await post(token, 'addMessageInfo', draft(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as MessageConfigRow;
}

async function inbox(token: string, body: object = {}): Promise<{ total: number; list: ReceivedMessage[] }> {
  const res = await post(token, 'selectMessageInfo', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const ids = (page: { list: { messageId: number }[] }) => page.list.map((m) => m.messageId);

describe('message validation', () => {
  it('refuses an end before now and a start not before the end, in the request language', async () => {
    const past = await post(operator, 'addMessageInfo', draft({ playEndTime: Date.now() - 1000 }), 'en_US');
    expect(past.statusCode).toBe(400);
    expect(past.json().msg).toBe('The end time is not less than the current time');
    const zh = await post(operator, 'addMessageInfo', draft({ playEndTime: Date.now() - 1000 }), 'zh_CN');
    expect(zh.json().msg).toBe('结束时间不能小于当前时间');
    const start = Date.now() + HOUR;
    const reversed = await post(
      operator,
      'addMessageInfo',
      draft({ sendMode: 'timed', playStartTime: start, playEndTime: start - 1 }),
      'ja_JP',
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().msg).toBe('開始時刻は終了時刻より前にしてください');
    const es = await post(
      operator,
      'addMessageInfo',
      draft({ sendMode: 'timed', playStartTime: start, playEndTime: start }),
      'es_ES',
    );
    expect(es.json().msg).toBe('La hora de inicio debe ser anterior a la hora de fin');
    // A timed message without its start is a shape error.
    expect((await post(operator, 'addMessageInfo', draft({ sendMode: 'timed' }))).statusCode).toBe(400);
  });

  it('refuses recipients outside the sender’s scope and senders without the permission', async () => {
    const outside = await post(operator, 'addMessageInfo', draft({ receivingObjects: [station('GD-SZ01')] }));
    expect(outside.statusCode).toBe(404);
    const otherOrgUser = await post(
      operator,
      'addMessageInfo',
      draft({ receivingType: 2, receivingObjects: [userId('maintainer')] }),
    );
    expect(otherOrgUser.statusCode).toBe(404);
    expect((await post(maintainer, 'addMessageInfo', draft())).statusCode).toBe(403);
    expect((await post(maintainer, 'page', {})).statusCode).toBe(403);
  });

  it('edits drafts and scheduled messages but not broadcasting or ended ones', async () => {
    const now = Date.now();
    const scheduled = await add(operator, {
      sendMode: 'timed',
      playStartTime: now + HOUR,
      playEndTime: now + 2 * HOUR,
    });
    expect(scheduled.status).toBe(MESSAGE_STATUS.scheduled);
    const edited = await post(operator, 'modifyMessageInfo', {
      ...draft({ sendMode: 'timed', playStartTime: now + HOUR, playEndTime: now + 3 * HOUR }),
      messageId: scheduled.messageId,
      title: 'Cleaning moved',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ title: 'Cleaning moved', playEndTime: now + 3 * HOUR });

    const live = await add(operator);
    expect(live.status).toBe(MESSAGE_STATUS.broadcasting);
    const refused = await post(operator, 'modifyMessageInfo', { ...draft(), messageId: live.messageId }, 'en_US');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: ResultCode.CONFLICT,
      msg: 'The message is being broadcast and cannot be edited',
    });

    await ctx.database.db
      .update(messages)
      .set({ playStart: new Date(now - 3 * HOUR), playEnd: new Date(now - HOUR) })
      .where(eq(messages.id, live.messageId));
    const ended = await post(operator, 'modifyMessageInfo', { ...draft(), messageId: live.messageId });
    expect(ended.statusCode).toBe(409);

    const saved = await add(operator, { draft: true });
    expect(saved).toMatchObject({ status: MESSAGE_STATUS.draft, playStartTime: null });
    const published = await post(operator, 'modifyMessageInfo', { ...draft(), messageId: saved.messageId });
    expect(published.json().data.status).toBe(MESSAGE_STATUS.broadcasting);
  });
});

describe('delivery, scope and read state', () => {
  it('delivers a station message to every user whose scope holds the station, and no one else', async () => {
    const m = await add(operator, { title: 'To Suzhou' });
    for (const token of [operator, admin, manager]) expect(ids(await inbox(token))).toContain(m.messageId);
    expect(ids(await inbox(maintainer))).not.toContain(m.messageId);
    // Filtered to another station of the reader's scope, the station message is not there.
    expect(ids(await inbox(operator, { stationId: station('JS-NJ01') }))).not.toContain(m.messageId);
    expect(ids(await inbox(operator, { stationId: station('JS-SZ01') }))).toContain(m.messageId);
    // A station outside the scope is a 404, like a missing one.
    expect((await post(maintainer, 'selectMessageInfo', { stationId: station('JS-SZ01') })).statusCode).toBe(404);
  });

  it('delivers a user message to those users only', async () => {
    const m = await add(admin, {
      title: 'For the maintainer',
      receivingType: 2,
      receivingObjects: [userId('maintainer')],
    });
    expect(m.receivingObjects).toEqual([{ id: userId('maintainer'), name: '李运维' }]);
    expect(ids(await inbox(maintainer))).toContain(m.messageId);
    for (const token of [operator, manager, admin]) expect(ids(await inbox(token))).not.toContain(m.messageId);
  });

  it('keeps drafts and scheduled messages from recipients until their start', async () => {
    const saved = await add(operator, { title: 'Draft', draft: true });
    const now = Date.now();
    const timed = await add(operator, {
      title: 'Timed',
      sendMode: 'timed',
      playStartTime: now + HOUR,
      playEndTime: now + 2 * HOUR,
    });
    expect(ids(await inbox(operator))).not.toContain(saved.messageId);
    expect(ids(await inbox(operator))).not.toContain(timed.messageId);
    await ctx.database.db
      .update(messages)
      .set({ playStart: new Date(now - 1000) })
      .where(eq(messages.id, timed.messageId));
    const after = await inbox(operator);
    expect(after.list.find((r) => r.messageId === timed.messageId)).toMatchObject({
      status: MESSAGE_STATUS.broadcasting,
      readStatus: 0,
      createUserName: '张运行',
    });
  });

  it('counts unread broadcasting messages, confirms reading once and warns when already read', async () => {
    const unreadQuery = { receivingUser: userId('manager'), createStatus: 3, readStatus: 0, pageSize: 1 };
    const before = (await inbox(manager, unreadQuery)).total;
    const m = await add(operator, { title: 'Read me', messageType: 3 });
    expect((await inbox(manager, unreadQuery)).total).toBe(before + 1);

    const body = { messageId: m.messageId, stationId: station('JS-SZ01'), receivingUser: userId('manager') };
    const first = await post(manager, 'updateMessageReadStatus', body);
    expect(first.json()).toMatchObject({ code: 200 });
    expect((await inbox(manager, unreadQuery)).total).toBe(before);
    const row = (await inbox(manager, { readStatus: 1 })).list.find((r) => r.messageId === m.messageId);
    expect(row?.readStatus).toBe(1);
    expect(row?.readTime).toEqual(expect.any(Number));

    const again = await post(manager, 'updateMessageReadStatus', body, 'en_US');
    expect(again.json()).toMatchObject({
      code: ResultCode.BUSINESS_WARNING,
      msg: 'This message has already been read',
    });
    // Another reader's state is their own.
    expect((await inbox(admin, { readStatus: 0 })).list.map((r) => r.messageId)).toContain(m.messageId);
    // No reading someone else's inbox, and no confirming a message not delivered to the caller.
    expect((await post(manager, 'selectMessageInfo', { receivingUser: userId('admin') })).statusCode).toBe(403);
    expect((await post(maintainer, 'updateMessageReadStatus', { messageId: m.messageId })).statusCode).toBe(404);
    const detail = await post(operator, 'detail', { messageId: m.messageId });
    expect(detail.json().data.readCount).toBe(1);
  });

  it('lists, filters and deletes configured messages within the sender’s reach', async () => {
    const m = await add(operator, { title: 'Filter target zq', messageType: 2 });
    const page = await post(operator, 'page', { keyword: 'target zq', messageType: 2 });
    expect(page.json().data).toMatchObject({ total: 1, list: [{ messageId: m.messageId, messageType: 2 }] });
    const now = Date.now();
    const later = await add(operator, {
      title: 'Status filter zq',
      sendMode: 'timed',
      playStartTime: now + HOUR,
      playEndTime: now + 2 * HOUR,
    });
    const byStatus = async (status: number) =>
      ((await post(operator, 'page', { keyword: 'zq', status })).json().data.list as MessageConfigRow[]).map(
        (r) => r.messageId,
      );
    expect(await byStatus(MESSAGE_STATUS.scheduled)).toEqual([later.messageId]);
    expect(await byStatus(MESSAGE_STATUS.broadcasting)).toEqual([m.messageId]);
    expect(await byStatus(MESSAGE_STATUS.draft)).toEqual([]);
    const userMsg = await add(admin, {
      title: 'Admin to maintainer',
      receivingType: 2,
      receivingObjects: [userId('maintainer')],
    });
    expect((await post(operator, 'detail', { messageId: userMsg.messageId })).statusCode).toBe(404);
    expect((await post(operator, 'deleteMessage', { messageId: userMsg.messageId })).statusCode).toBe(404);
    expect((await post(manager, 'deleteMessage', { messageId: m.messageId })).statusCode).toBe(403);
    expect((await post(operator, 'deleteMessage', { messageId: m.messageId })).statusCode).toBe(200);
    expect(ids(await inbox(admin))).not.toContain(m.messageId);
  });

  it('offers the sender’s organisation as recipients, every user to group-wide senders', async () => {
    const mine = (await post(operator, 'recipientUsers', {})).json().data as { username: string }[];
    expect(mine.map((u) => u.username)).toEqual(['operator']);
    const all = (await post(admin, 'recipientUsers', {})).json().data as { username: string }[];
    expect(all.map((u) => u.username)).toEqual(expect.arrayContaining(['admin', 'operator', 'maintainer', 'manager']));
    expect(all.map((u) => u.username)).not.toContain('screen');
  });
});
