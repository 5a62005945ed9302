import { type DictItemRow, type DictType, type DictTypeRow, ResultCode } from '@ess/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictItems, dictTypes } from '../../../db/schema';
import { SEED_DICTS } from '../../../db/seed-data';
import { call, createTestApp, login, type TestContext } from '../../../test/harness';

const P = '/api/sys/dict';
let ctx: TestContext;
let admin: string;
let operator: string;
beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', SIMULATOR: 'off' });
  admin = await login(ctx.app, 'admin');
  operator = await login(ctx.app, 'operator');
});
afterAll(() => ctx?.close());

type Res = Awaited<ReturnType<typeof call>>;
const post = (path: string, body: object, lang = 'en_US', token = admin) =>
  call(ctx.app, token, 'POST', `${P}${path}`, body, lang);
const ok = <T>(res: Res): T => {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().code).toBe(200);
  return res.json().data;
};
const refused = (res: Res, status: number, msg: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual({ code: status === 409 ? ResultCode.CONFLICT : ResultCode.BAD_REQUEST, msg, data: null });
};
const typeAll = async (lang = 'en_US'): Promise<DictType[]> =>
  ok(await call(ctx.app, admin, 'POST', `${P}/typeAll`, {}, lang));
const typesPage = (body: object = {}) =>
  post('/type/page', { pageNum: 1, pageSize: 50, ...body }).then(ok<{ rows: DictTypeRow[]; total: number }>);
const itemsPage = (typeId: number, body: object = {}, lang = 'en_US') =>
  post('/item/page', { typeId, pageNum: 1, pageSize: 50, ...body }, lang).then(
    ok<{ rows: DictItemRow[]; total: number }>,
  );
const typeId = async (type: string): Promise<number> => {
  const [row] = await ctx.database.db.select().from(dictTypes).where(eq(dictTypes.type, type));
  if (!row) throw new Error(`no type ${type}`);
  return row.id;
};
const labels = (en: string, zh = `${en}-zh`) => ({ zh_CN: zh, en_US: en, es_ES: `${en}-es`, ja_JP: `${en}-ja` });

describe('dictionary types', () => {
  it('lists every type with its item count and whether it is built in; filters, sorts and pages', async () => {
    const all = await typesPage();
    expect(all.total).toBe(SEED_DICTS.length);
    expect(all.rows.map((r) => r.type)).toEqual(SEED_DICTS.map((t) => t.type));
    const level = all.rows.find((r) => r.type === 'alarmLevel');
    expect(level).toMatchObject({
      builtIn: true,
      itemCount: SEED_DICTS.find((t) => t.type === 'alarmLevel')?.items.length,
    });
    const filtered = await typesPage({ type: 'status' });
    expect(filtered.rows.map((r) => r.type).sort()).toEqual(
      SEED_DICTS.map((t) => t.type)
        .filter((t) => t.toLowerCase().includes('status'))
        .sort(),
    );
    const byDescription = await typesPage({ description: 'UNITS OF' });
    expect(byDescription.rows.map((r) => r.type)).toEqual(['symbolType']);
    const sorted = await typesPage({ orderBy: 'type', order: 'desc', pageSize: 3, pageNum: 2 });
    const expected = SEED_DICTS.map((t) => t.type)
      .sort((a, b) => (a < b ? 1 : -1))
      .slice(3, 6);
    expect(sorted.rows.map((r) => r.type)).toEqual(expected);
    expect(sorted.total).toBe(SEED_DICTS.length);
    const badSort = await post('/type/page', { orderBy: 'type; drop table x' });
    expect(badSort.statusCode).toBe(400);
  });

  it('adds a type, refuses a taken or malformed name with clear messages, and shows it in typeAll at once', async () => {
    const { id } = ok<{ id: number }>(await post('/type/add', { type: 'shiftType', description: 'Work shifts' }));
    expect((await typeAll()).find((t) => t.type === 'shiftType')).toEqual({
      type: 'shiftType',
      description: 'Work shifts',
      list: [],
    });
    refused(
      await post('/type/add', { type: 'shiftType', description: 'again' }),
      409,
      'A dictionary type named "shiftType" already exists',
    );
    refused(
      await post('/type/add', { type: 'alarmLevel', description: 'x' }, 'zh_CN'),
      409,
      '字典类型“alarmLevel”已存在',
    );
    refused(
      await post('/type/add', { type: '9lives', description: 'x' }),
      400,
      'The dictionary type must start with a letter and hold only letters, digits and underscores',
    );
    refused(await post('/type/add', { type: 'okName', description: '  ' }), 400, 'Enter the description');
    // Renaming: to a free name works, onto another type's name does not.
    ok(await post('/type/update', { id, type: 'shiftKind', description: 'Work shifts' }));
    expect((await typeAll()).map((t) => t.type)).toContain('shiftKind');
    refused(
      await post('/type/update', { id, type: 'sex', description: 'x' }),
      409,
      'A dictionary type named "sex" already exists',
    );
    const missing = await post('/type/update', { id: 999_999, type: 'abc', description: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('The dictionary type does not exist');
  });

  it('keeps the name of a built-in type and refuses to delete it, but lets its description change', async () => {
    const id = await typeId('alarmLevel');
    refused(
      await post('/type/update', { id, type: 'alarmLevels', description: 'x' }),
      409,
      'The dictionary type "alarmLevel" is built in and cannot be deleted or renamed',
    );
    refused(
      await post('/type/delete', { id, withItems: true }),
      409,
      'The dictionary type "alarmLevel" is built in and cannot be deleted or renamed',
    );
    ok(await post('/type/update', { id, type: 'alarmLevel', description: 'Alarm severities' }));
    expect((await typeAll()).find((t) => t.type === 'alarmLevel')?.description).toBe('Alarm severities');
  });

  it('deletes a type with items only when the call confirms it, items included', async () => {
    const { id } = ok<{ id: number }>(await post('/type/add', { type: 'weekday', description: 'Days' }));
    ok(await post('/item/add', { typeId: id, key: 'mon', value: '1', labels: labels('Monday') }));
    ok(await post('/item/add', { typeId: id, key: 'tue', value: '2', labels: labels('Tuesday') }));
    refused(
      await post('/type/delete', { id }),
      409,
      'This dictionary type still has 2 items; confirm to delete them with it',
    );
    expect((await typeAll()).some((t) => t.type === 'weekday')).toBe(true);
    ok(await post('/type/delete', { id, withItems: true }));
    expect((await typeAll()).some((t) => t.type === 'weekday')).toBe(false);
    expect(await ctx.database.db.select().from(dictItems).where(eq(dictItems.typeId, id))).toEqual([]);
    // An empty type goes without confirmation.
    const empty = ok<{ id: number }>(await post('/type/add', { type: 'emptyOne', description: 'Nothing' }));
    ok(await post('/type/delete', { id: empty.id }));
    expect((await post('/type/delete', { id: empty.id })).statusCode).toBe(404);
  });
});

describe('dictionary items', () => {
  it('adds items, refusing a key or value already in the type, and accepting them in another type', async () => {
    const { id } = ok<{ id: number }>(
      await post('/type/add', { type: 'voltageLevel', description: 'Grid voltage levels' }),
    );
    ok(
      await post('/item/add', {
        typeId: id,
        key: 'lv',
        value: '0.4kV',
        labels: labels('Low voltage', '低压'),
        sort: 2,
      }),
    );
    ok(
      await post('/item/add', {
        typeId: id,
        key: 'mv',
        value: '10kV',
        labels: labels('Medium voltage', '中压'),
        sort: 1,
      }),
    );
    refused(
      await post('/item/add', { typeId: id, key: 'lv', value: '35kV', labels: labels('x') }),
      409,
      'This dictionary type already has the key "lv"',
    );
    refused(
      await post('/item/add', { typeId: id, key: 'hv', value: '10kV', labels: labels('x') }),
      409,
      'This dictionary type already has the value "10kV"',
    );
    refused(
      await post('/item/add', { typeId: id, key: 'hv', value: '10kV', labels: labels('x') }, 'es_ES'),
      409,
      'Este tipo de diccionario ya tiene el valor «10kV»',
    );
    refused(await post('/item/add', { typeId: id, key: ' ', value: '1', labels: labels('x') }), 400, 'Enter the key');
    refused(await post('/item/add', { typeId: id, key: 'k', value: '', labels: labels('x') }), 400, 'Enter the value');
    refused(
      await post('/item/add', { typeId: id, key: 'k', value: 'v', labels: { zh_CN: '只有中文' } }),
      400,
      'Enter the label (at least Chinese and English)',
    );
    const missingType = await post('/item/add', { typeId: 999_999, key: 'k', value: 'v', labels: labels('x') });
    expect(missingType.statusCode).toBe(404);
    // The same key and value in another type are fine.
    const other = ok<{ id: number }>(await post('/type/add', { type: 'voltageLevel2', description: 'Copy' }));
    ok(await post('/item/add', { typeId: other.id, key: 'lv', value: '0.4kV', labels: labels('Low voltage') }));

    const page = await itemsPage(id, {}, 'zh_CN');
    expect(page.total).toBe(2);
    expect(page.rows.map((r) => [r.key, r.label, r.sort, r.builtIn])).toEqual([
      ['mv', '中压', 1, false],
      ['lv', '低压', 2, false],
    ]);
    const en = (await typeAll()).find((t) => t.type === 'voltageLevel');
    expect(en?.list).toEqual([
      { key: 'mv', value: '10kV', label: 'Medium voltage', sort: 1 },
      { key: 'lv', value: '0.4kV', label: 'Low voltage', sort: 2 },
    ]);
    expect((await itemsPage(id, { text: 'medium' })).rows.map((r) => r.key)).toEqual(['mv']);
    expect((await itemsPage(id, { orderBy: 'key', order: 'asc' })).rows.map((r) => r.key)).toEqual(['lv', 'mv']);
    expect((await post('/item/page', { typeId: 999_999 })).statusCode).toBe(404);
  });

  it('updates and deletes items, with the uniqueness rules, and typeAll follows each change at once', async () => {
    const id = await typeId('voltageLevel');
    const [lv, mv] = (await itemsPage(id, { orderBy: 'key' })).rows;
    if (!lv || !mv) throw new Error('items missing');
    ok(await post('/item/update', { id: lv.id, key: 'lv', value: '0.38kV', labels: labels('LV'), sort: 5 }));
    expect((await typeAll()).find((t) => t.type === 'voltageLevel')?.list.at(-1)).toEqual({
      key: 'lv',
      value: '0.38kV',
      label: 'LV',
      sort: 5,
    });
    refused(
      await post('/item/update', { id: lv.id, key: 'mv', value: '0.38kV', labels: labels('LV') }),
      409,
      'This dictionary type already has the key "mv"',
    );
    refused(
      await post('/item/update', { id: lv.id, key: 'lv', value: '10kV', labels: labels('LV') }),
      409,
      'This dictionary type already has the value "10kV"',
    );
    ok(await post('/item/delete', { id: mv.id }));
    expect((await typeAll()).find((t) => t.type === 'voltageLevel')?.list.map((i) => i.key)).toEqual(['lv']);
    const gone = await post('/item/delete', { id: mv.id });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().msg).toBe('The dictionary item does not exist');
  });

  it('keeps key and value of the seeded items of built-in types, and lets their labels and order change', async () => {
    const id = await typeId('alarmLevel');
    const items = (await itemsPage(id)).rows;
    const first = items[0];
    if (!first) throw new Error('seed changed');
    expect(items.every((i) => i.builtIn)).toBe(true);
    const msg = `The dictionary item "${first.key}" is built in: it cannot be deleted and its key and value cannot change`;
    refused(await post('/item/update', { ...first, key: `${first.key}x` }), 409, msg);
    refused(await post('/item/update', { ...first, value: `${first.value}x` }), 409, msg);
    refused(await post('/item/delete', { id: first.id }), 409, msg);
    ok(await post('/item/update', { ...first, labels: { ...first.labels, en_US: 'Severe' }, sort: 9 }));
    const list = (await typeAll()).find((t) => t.type === 'alarmLevel')?.list ?? [];
    expect(list.at(-1)).toMatchObject({ key: first.key, label: 'Severe', sort: 9 });
    // An item an administrator adds to a built-in type can go again.
    const added = ok<{ id: number }>(
      await post('/item/add', { typeId: id, key: 'info', value: '5', labels: labels('Info') }),
    );
    ok(await post('/item/delete', { id: added.id }));
  });
});

describe('dictionary permissions', () => {
  it('refuses reads without sys:dictionary:query and writes without sys:dict:*', async () => {
    for (const [path, body] of [
      ['/type/page', {}],
      ['/item/page', { typeId: 1 }],
      ['/type/add', { type: 'x', description: 'x' }],
      ['/type/update', { id: 1, type: 'x', description: 'x' }],
      ['/type/delete', { id: 1 }],
      ['/item/add', { typeId: 1, key: 'k', value: 'v', labels: labels('x') }],
      ['/item/update', { id: 1, key: 'k', value: 'v', labels: labels('x') }],
      ['/item/delete', { id: 1 }],
    ] as const) {
      const res = await post(path, body, 'en_US', operator);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().msg).toBe('No permission for this page');
    }
    // typeAll stays open to every session (the frame loads it).
    expect((await call(ctx.app, operator, 'POST', `${P}/typeAll`, {})).statusCode).toBe(200);
  });
});
