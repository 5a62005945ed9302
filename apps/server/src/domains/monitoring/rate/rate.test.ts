import {
  addDays,
  type IncomeResult,
  localDateOf,
  localDayStart,
  periodAt,
  type RateStationTemplates,
  type RateTemplate,
  type RateTemplateBody,
  type SiteOverviewRow,
  type StationKpis,
  TOU_PERIODS,
  type TouPrices,
  type TouSegment,
} from '@ess/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menus, roleMenus, roles } from '../../../db/schema';
import { bearer, call, createTestApp, login, stationIdLookup, type TestContext } from '../../../test/harness';
import { pointIdOf, writeQuarter } from '../../stations/point/telemetry-fixtures.kit';

const QUARTER = 900_000;
let ctx: TestContext;
let admin: string;
let sid: (code: string) => number;

const CUT_A: TouSegment[] = [
  { start: '00:00', end: '08:00', period: 'valley' },
  { start: '08:00', end: '12:00', period: 'peak' },
  { start: '12:00', end: '18:00', period: 'flat' },
  { start: '18:00', end: '24:00', period: 'peak' },
];
const CUT_B: TouSegment[] = [
  { start: '00:00', end: '06:00', period: 'deepValley' },
  { start: '06:00', end: '10:00', period: 'valley' },
  { start: '10:00', end: '11:30', period: 'sharp' },
  { start: '11:30', end: '19:00', period: 'flat' },
  { start: '19:00', end: '24:00', period: 'peak' },
];
const PRICES: TouPrices = { sharp: 1.5, peak: 1.1, flat: 0.6, valley: 0.3, deepValley: 0.2 };

// Names are unique like numbers (spec 5): each template is named after its number.
const template = (over: Partial<RateTemplateBody> = {}): RateTemplateBody => ({
  code: 'T-1',
  name: `Test tariff ${over.code ?? 'T-1'}`,
  electricityType: 'commercial',
  currency: 'CNY',
  segments: CUT_A,
  prices: PRICES,
  validFrom: null,
  validTo: null,
  enabled: true,
  ...over,
});

const post = (url: string, body: object, token = admin, lang = 'zh_CN') =>
  call(ctx.app, token, 'POST', url, body, lang);
const put = (body: object, lang = 'zh_CN') => call(ctx.app, admin, 'PUT', '/api/business/rate/update', body, lang);
const del = (id: number, token = admin) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/business/rate/${id}`, headers: bearer(token) });
const detail = (id: number) => call(ctx.app, admin, 'GET', `/api/business/rate/${id}`);

async function add(over: Partial<RateTemplateBody> = {}): Promise<number> {
  const res = await post('/api/business/rate/add', template(over));
  expect(res.json()).toMatchObject({ code: 200 });
  return res.json().data.id as number;
}

const page = async (body: object): Promise<{ rows: RateTemplate[]; total: number }> =>
  (await post('/api/business/rate/page', { pageNum: 1, pageSize: 50, ...body })).json().data;

const stationTemplates = async (stationId: number, token = admin): Promise<RateStationTemplates> =>
  (await post('/api/business/rate/station', { stationId }, token)).json().data;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', SIMULATOR: 'off' });
  admin = await login(ctx.app, 'admin');
  sid = await stationIdLookup(ctx.database.db);
});
afterAll(async () => {
  await ctx?.close();
});

describe('rate templates: list, add, change', () => {
  it('lists the seeded templates with their stations, filtered and sorted', async () => {
    const all = await page({});
    expect(all.rows.map((r) => r.code).sort()).toEqual(['TOU-EXAMPLE', 'TOU-GD', 'TOU-JS', 'TOU-ZJ']);
    const js = all.rows.find((r) => r.code === 'TOU-JS');
    // Each demo station on its province's tariff; the example template on none of them.
    expect(js?.stations.map((s) => s.code).sort()).toEqual(['JS-NJ01', 'JS-SZ01', 'JS-WX01']);
    expect(js?.stationCount).toBe(3);
    expect(all.rows.find((r) => r.code === 'TOU-GD')?.stationCount).toBe(3);
    expect(all.rows.find((r) => r.code === 'TOU-EXAMPLE')?.stationCount).toBe(0);
    expect(js?.electricityType).toBe('commercial');

    expect((await page({ keyword: 'gd' })).rows.map((r) => r.code)).toEqual(['TOU-GD']);
    expect((await page({ keyword: '浙江' })).rows.map((r) => r.code)).toEqual(['TOU-ZJ']);
    expect((await page({ enabled: false })).total).toBe(0);
    expect((await page({ electricityType: 'residential' })).total).toBe(0);
    const sorted = await page({ orderBy: 'code', order: 'desc', pageSize: 2 });
    expect(sorted.rows.map((r) => r.code)).toEqual(['TOU-ZJ', 'TOU-JS']);
    expect(sorted.total).toBe(4);
  });

  it('adds a template, finds it by validity date, and changes it', async () => {
    const id = await add({ code: 'T-ADD', validFrom: '2030-01-01', validTo: '2030-12-31', enabled: false });
    const d = (await detail(id)).json().data as RateTemplate;
    expect(d).toMatchObject({ code: 'T-ADD', segments: CUT_A, prices: PRICES, validFrom: '2030-01-01', stations: [] });
    expect((await page({ validOn: '2030-06-01' })).rows.map((r) => r.code)).toContain('T-ADD');
    expect((await page({ validOn: '2031-01-01' })).rows.map((r) => r.code)).not.toContain('T-ADD');
    expect((await page({ validOn: '2030-06-01', enabled: false })).rows.map((r) => r.code)).toEqual(['T-ADD']);

    const res = await put({ id, ...template({ code: 'T-ADD', name: 'Renamed', segments: CUT_B, enabled: false }) });
    expect(res.json()).toMatchObject({ code: 200 });
    expect((await detail(id)).json().data).toMatchObject({ name: 'Renamed', segments: CUT_B });
  });

  it('refuses a taken number with 409, in the caller’s language', async () => {
    await add({ code: 'T-DUP' });
    const res = await post('/api/business/rate/add', template({ code: 'T-DUP' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('编号“T-DUP”已存在');
    const other = await add({ code: 'T-DUP2' });
    const upd = await put({ id: other, ...template({ code: 'T-DUP' }) }, 'en_US');
    expect(upd.statusCode).toBe(409);
    expect(upd.json().msg).toBe('The number "T-DUP" is already used');
  });

  it('refuses a bad cut, prices, validity or electricity type with the form’s messages', async () => {
    const cases: [Partial<RateTemplateBody>, string][] = [
      [{ segments: [] }, '请设置时段划分'],
      [{ segments: [...CUT_A.slice(0, 2), { start: '11:00', end: '24:00', period: 'flat' }] }, '时间段重叠'],
      [{ segments: CUT_A.slice(0, 3) }, '时段须覆盖 00:00–24:00，不能留有空档'],
      [{ segments: [{ start: '00:00', end: '00:00', period: 'flat' }, ...CUT_A] }, '时段的结束时间必须晚于开始时间'],
      [
        {
          segments: [
            { start: '00:00', end: '08:10', period: 'valley' },
            { start: '08:10', end: '24:00', period: 'flat' },
          ],
        },
        '时段边界须为整刻钟（00、15、30、45 分）',
      ],
      [{ prices: { ...PRICES, peak: 100_000_000 } }, '电价须在 -99999999 到 99999999 之间'],
      [{ prices: { ...PRICES, valley: -100_000_000 } }, '电价须在 -99999999 到 99999999 之间'],
      [{ validFrom: '2030-02-01', validTo: '2030-01-31' }, '结束时间不能小于开始时间'],
      [{ electricityType: 'nuclear' }, '用电类型“nuclear”不存在'],
    ];
    for (const [over, msg] of cases) {
      const res = await post('/api/business/rate/add', template({ code: 'T-BAD', ...over }));
      expect(res.statusCode, msg).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    // The limits themselves are allowed, and so is a one-day validity.
    const id = await add({
      code: 'T-EDGE',
      prices: { ...PRICES, sharp: 99_999_999, deepValley: -99_999_999 },
      validFrom: '2030-01-01',
      validTo: '2030-01-01',
    });
    expect((await detail(id)).json().data.prices.deepValley).toBe(-99_999_999);
    expect((await post('/api/business/rate/add', template({ code: 'T-BAD' }), admin, 'en_US')).statusCode).toBe(200);
  });

  it('answers 404 for unknown templates and 400 for a malformed id', async () => {
    expect((await detail(999_999)).statusCode).toBe(404);
    expect((await put({ id: 999_999, ...template({ code: 'T-404' }) })).statusCode).toBe(404);
    expect((await post('/api/business/rate/enable', { id: 999_999, enabled: true })).statusCode).toBe(404);
    expect((await del(999_999)).statusCode).toBe(404);
    expect((await call(ctx.app, admin, 'GET', '/api/business/rate/abc')).statusCode).toBe(400);
  });
});

describe('rate templates: deletion', () => {
  it('refuses an enabled template, then one a station is assigned; deletes a disabled unused one', async () => {
    const id = await add({ code: 'T-DEL', validFrom: '2040-01-01', validTo: '2040-12-31' });
    const enabled = await del(id);
    expect(enabled.statusCode).toBe(409);
    expect(enabled.json().msg).toBe('模板启用中，请先停用再删除');

    const station = sid('GD-SZ01');
    const [own] = (await stationTemplates(station)).assignments;
    const assign = (templateId: number, validFrom: string) =>
      post('/api/business/rate/station/save', { stationId: station, templateId, validFrom });
    expect((await assign(id, '2040-01-01')).statusCode).toBe(200);
    expect((await post('/api/business/rate/enable', { id, enabled: false })).statusCode).toBe(200);
    const used = await del(id);
    expect(used.statusCode).toBe(409);
    expect(used.json().msg).toBe('模板已分配给 1 个电站（当前或历史），不能删除：已结算的收益按它计价');

    // The station's own template from that day again: the scheduled change goes, nothing is added.
    expect((await assign(own?.templateId ?? 0, '2040-01-01')).statusCode).toBe(200);
    expect((await del(id)).statusCode).toBe(200);
    expect((await detail(id)).statusCode).toBe(404);
    expect((await stationTemplates(station)).assignments).toEqual([own]);
  });
});

describe('rate templates: a station’s assignments over time', () => {
  it('starts an assignment today or later, never silently in the past, and lists the history', async () => {
    const station = sid('ZJ-NB01');
    const before = await stationTemplates(station);
    expect(before.assignments.map((a) => [a.templateCode, a.validFrom])).toEqual([['TOU-ZJ', null]]);
    const today = before.today;
    const save = (body: object, lang = 'zh_CN') =>
      post('/api/business/rate/station/save', { stationId: station, ...body }, admin, lang);

    const next = await add({ code: 'T-NEXT', validFrom: '2040-01-01' });
    // Not valid today: refused from today (the default), accepted from its own start.
    const outside = await save({ templateId: next }, 'en_US');
    expect(outside.statusCode).toBe(409);
    expect(outside.json().msg).toBe(`Template "T-NEXT" is not valid on ${today}`);
    expect((await save({ templateId: next, validFrom: '2040-01-01' })).statusCode).toBe(200);

    const past = await save({ templateId: next, validFrom: addDays(today, -1) }, 'en_US');
    expect(past.statusCode).toBe(409);
    expect(past.json().msg).toContain(`(${today})`);
    const off = await add({ code: 'T-OFF', enabled: false });
    expect((await save({ templateId: off })).json().msg).toBe('模板“T-OFF”已停用，不能分配给电站');

    const now = await add({ code: 'T-NOW' });
    expect((await save({ templateId: now })).statusCode).toBe(200);
    const after = await stationTemplates(station);
    // From today on T-NOW: the scheduled 2040 change gave way; the days before keep TOU-ZJ.
    expect(after.assignments.map((a) => [a.templateCode, a.validFrom])).toEqual([
      ['TOU-ZJ', null],
      ['T-NOW', today],
    ]);
    expect(after.currentId).toBe(now);
    expect(after.currentAssignmentId).toBe(after.assignments[1]?.id);
  });

  it('needs the station in the caller’s scope and the rate permissions', async () => {
    expect((await post('/api/business/rate/station', { stationId: 999_999 })).statusCode).toBe(404);
    const operator = await login(ctx.app, 'operator');
    // Operators read the templates through the price configuration page; a maintainer has neither.
    expect((await post('/api/business/rate/page', { pageNum: 1 }, operator)).statusCode).toBe(200);
    const maintainer = await login(ctx.app, 'maintainer');
    expect((await post('/api/business/rate/page', { pageNum: 1 }, maintainer)).statusCode).toBe(403);
    await grantRatePage('operator');
    const rows = (await post('/api/business/rate/page', { pageNum: 1, pageSize: 50 }, operator)).json().data
      .rows as RateTemplate[];
    // The operator sees Jiangsu only: other stations are counted, not named.
    const gd = rows.find((r) => r.code === 'TOU-GD');
    expect(gd?.stations).toEqual([]);
    expect(gd?.stationCount).toBe(3);
    expect(rows.find((r) => r.code === 'TOU-JS')?.stations.length).toBe(3);
    expect((await post('/api/business/rate/station', { stationId: sid('GD-DG01') }, operator)).statusCode).toBe(404);
    expect((await post('/api/business/rate/station', { stationId: sid('JS-NJ01') }, operator)).statusCode).toBe(200);
    const save = await post('/api/business/rate/station/save', { stationId: sid('GD-DG01'), templateId: 1 }, operator);
    expect(save.statusCode).toBe(404);
    // Re-pricing past days is the administrators' alone, even with the rate page granted.
    const reprice = { stationId: sid('JS-NJ01'), templateId: 1, validFrom: '2026-01-01' };
    expect((await post('/api/business/rate/station/reprice/preview', reprice, operator)).statusCode).toBe(403);
    expect((await post('/api/business/rate/station/reprice', reprice, operator)).statusCode).toBe(403);
    // Reading grants no writes.
    expect((await post('/api/business/rate/add', template({ code: 'T-OP' }), operator)).statusCode).toBe(403);
  });
});

/** Gives a seeded role the rate page and its edit button (as an administrator would on /system/role). */
async function grantRatePage(roleCode: string) {
  const db = ctx.database.db;
  const [role] = await db.select().from(roles).where(eq(roles.code, roleCode));
  const rows = await db
    .select({ id: menus.id })
    .from(menus)
    .where(inArray(menus.perms, ['sys:rate:query', 'sys:rate:edit']));
  if (!role || rows.length < 2) throw new Error('rate menu rows missing');
  await db
    .insert(roleMenus)
    .values(rows.map((m) => ({ roleId: role.id, menuId: m.id })))
    .onConflictDoNothing();
  // Granted behind the app's back: its session cache is told, as the role API does.
  ctx.app.auth.sessionsChanged({ all: true });
}

describe('revenue follows the template valid on the station’s local day', () => {
  const STATION = 'GD-GZ01';
  const TZ = 'Asia/Shanghai';
  // A change mid-month, within the reach of re-pricing.
  const D1 = addDays(localDateOf(Date.now(), TZ), -20);
  const D2 = addDays(D1, 1);
  let charge: number;
  let discharge: number;
  let c = 5000;
  let d = 7000;
  const chargeInc = (i: number) => (i < 40 ? 10 + (i % 4) * 0.25 : 0);
  const dischargeInc = (i: number) => (i >= 40 ? 6 + (i % 7) * 0.125 : 0);

  /** Writes a day of quarter buckets; returns the energy per period under `cut`, in kWh. */
  async function writeDay(date: string, cut: TouSegment[]) {
    const start = localDayStart(date, TZ);
    const byPeriod = Object.fromEntries(TOU_PERIODS.map((p) => [p, { c: 0, d: 0 }])) as Record<
      (typeof TOU_PERIODS)[number],
      { c: number; d: number }
    >;
    for (let i = 0; i < 96; i++) {
      const p = periodAt(cut, i * 15);
      await writeQuarter(ctx.database.db, charge, start + i * QUARTER, c, c + chargeInc(i));
      await writeQuarter(ctx.database.db, discharge, start + i * QUARTER, d, d + dischargeInc(i));
      c += chargeInc(i);
      d += dischargeInc(i);
      byPeriod[p].c += chargeInc(i);
      byPeriod[p].d += dischargeInc(i);
    }
    return byPeriod;
  }
  const revenue = (e: Awaited<ReturnType<typeof writeDay>>, prices: TouPrices) =>
    TOU_PERIODS.reduce((s, p) => s + (e[p].d - e[p].c) * prices[p], 0);

  let tA: number;
  let tB: number;
  let e1: Awaited<ReturnType<typeof writeDay>>;
  let e2: Awaited<ReturnType<typeof writeDay>>;
  const PRICES_B: TouPrices = { sharp: 1.8, peak: 1.2, flat: 0.7, valley: 0.35, deepValley: 0.15 };

  beforeAll(async () => {
    const db = ctx.database.db;
    charge = await pointIdOf(db, `${STATION}-MTR-ES`, 'reverseEnergy');
    discharge = await pointIdOf(db, `${STATION}-MTR-ES`, 'forwardEnergy');
    await writeQuarter(db, charge, localDayStart(D1, TZ) - QUARTER, c - 1, c);
    await writeQuarter(db, discharge, localDayStart(D1, TZ) - QUARTER, d - 1, d);
    tA = await add({ code: 'T-REV-A', segments: CUT_A, prices: PRICES, validTo: D1 });
    tB = await add({ code: 'T-REV-B', segments: CUT_B, prices: PRICES_B, validFrom: D2 });
    // Past days take a template only by re-pricing: A from D1, B from D2.
    for (const [templateId, validFrom] of [
      [tA, D1],
      [tB, D2],
    ] as const) {
      const res = await post('/api/business/rate/station/reprice', { stationId: sid(STATION), templateId, validFrom });
      expect(res.json()).toMatchObject({ code: 200 });
    }
    e1 = await writeDay(D1, CUT_A);
    e2 = await writeDay(D2, CUT_B);
  });

  it('prices and cuts each day of incomeData by its own template', async () => {
    const r: IncomeResult = (
      await post('/api/business/openStation/incomeData', { stationId: sid(STATION), from: D1, to: D2 })
    ).json().data;
    const [day1, day2] = r.days;
    expect(day1?.templateId).toBe(tA);
    expect(day2?.templateId).toBe(tB);
    expect(day1?.revenue).toBeCloseTo(revenue(e1, PRICES), 5);
    expect(day2?.revenue).toBeCloseTo(revenue(e2, PRICES_B), 5);
    // Day 2 is cut by template B: energy in its deep valley and sharp hours, none in A's cut would be.
    expect(day2?.periods.deepValley.chargeKwh).toBeCloseTo(e2.deepValley.c, 5);
    expect(day2?.periods.sharp.dischargeKwh).toBeCloseTo(e2.sharp.d, 5);
    expect(day1?.periods.deepValley.chargeKwh).toBe(0);
    expect(r.total.revenue).toBeCloseTo(revenue(e1, PRICES) + revenue(e2, PRICES_B), 5);
    expect(r.template?.id).toBe(tB);
    expect(r.templates?.map((t) => t.id)).toEqual([tA, tB]);
  });

  it('gives the station report the same revenue per day', async () => {
    const r = (
      await post('/api/business/stationReport/statistics', {
        stationId: sid(STATION),
        granularity: 'day',
        from: D1,
        to: D2,
      })
    ).json();
    if (r.code !== 200) return expect.fail(JSON.stringify(r));
    expect(r.data.rows[0].revenue).toBeCloseTo(revenue(e1, PRICES), 5);
    expect(r.data.rows[1].revenue).toBeCloseTo(revenue(e2, PRICES_B), 5);
  });

  it('prices today with the template valid today; a template that priced past days keeps its prices', async () => {
    const today = localDateOf(Date.now(), TZ);
    // A's validity ended long ago; B runs on: today is B's, so today is cut and priced by B.
    await writeQuarter(ctx.database.db, charge, localDayStart(addDays(today, -1), TZ) + 95 * QUARTER, c, c);
    await writeQuarter(ctx.database.db, discharge, localDayStart(addDays(today, -1), TZ) + 95 * QUARTER, d, d);
    const eToday = await writeDay(today, CUT_B);
    const kpi = async (): Promise<StationKpis> =>
      (await post('/api/business/openStation/pcsStationData', { stationId: sid(STATION) })).json().data;
    const revenueOfD2 = async (): Promise<number | null | undefined> =>
      (
        (await post('/api/business/openStation/incomeData', { stationId: sid(STATION), from: D2, to: D2 })).json()
          .data as IncomeResult
      ).days[0]?.revenue;
    expect((await kpi()).todayRevenue).toBeCloseTo(revenue(eToday, PRICES_B), 5);
    const st = await stationTemplates(sid(STATION));
    expect(st.currentId).toBe(tB);

    // Money stays as earned: B priced D2, so its prices, cut and past validity stay.
    const newPrices: TouPrices = { sharp: 2.4, peak: 1.6, flat: 0.9, valley: 0.2, deepValley: 0.1 };
    const b = (await detail(tB)).json().data as RateTemplate;
    const { stations: _s, stationCount: _n, updateTime: _u, ...body } = b;
    for (const change of [{ prices: newPrices }, { segments: CUT_A }, { validFrom: addDays(D2, 1) }]) {
      const refused = await put({ ...body, ...change }, 'en_US');
      expect(refused.statusCode, JSON.stringify(change)).toBe(409);
      expect(refused.json().msg).toContain('"T-REV-B" has priced past days');
    }
    expect((await kpi()).todayRevenue).toBeCloseTo(revenue(eToday, PRICES_B), 5);
    expect(await revenueOfD2()).toBeCloseTo(revenue(e2, PRICES_B), 5);
    // Its name and a later end are not what priced the past: still editable.
    const renamed = await put({ ...body, name: 'B 2', validTo: addDays(today, 400) });
    expect(renamed.statusCode, renamed.body).toBe(200);

    // New prices are a new template from today: today follows, D2 keeps what priced it.
    const tC = await add({ code: 'T-REV-C', segments: CUT_B, prices: newPrices, validFrom: today });
    const saved = await post('/api/business/rate/station/save', { stationId: sid(STATION), templateId: tC });
    expect(saved.json()).toMatchObject({ code: 200 });
    const after = await kpi();
    expect(after.todayRevenue).toBeCloseTo(revenue(eToday, newPrices), 5);
    expect(await revenueOfD2()).toBeCloseTo(revenue(e2, PRICES_B), 5);
    // The overview of sites says the same.
    const sites = (await call(ctx.app, admin, 'POST', '/api/business/openStation/siteOverview', {})).json()
      .data as SiteOverviewRow[];
    const row = sites.find((s) => s.stationId === sid(STATION));
    expect(row?.todayRevenue).toBeCloseTo(revenue(eToday, newPrices), 5);
    // C began today: it has priced no past day, so its prices may still change.
    const cRow = (await detail(tC)).json().data as RateTemplate;
    const { stations: _cs, stationCount: _cn, updateTime: _cu, ...cBody } = cRow;
    expect((await put({ ...cBody, prices: PRICES_B })).statusCode).toBe(200);
    expect((await kpi()).todayRevenue).toBeCloseTo(revenue(eToday, PRICES_B), 5);

    // Disabled, C prices nothing: today has no template and no revenue.
    expect((await post('/api/business/rate/enable', { id: tC, enabled: false })).statusCode).toBe(200);
    expect((await kpi()).todayRevenue).toBeNull();
    expect((await stationTemplates(sid(STATION))).currentId).toBeNull();
  });
});
