import {
  addDays,
  EXAMPLE_TOU_PRICES,
  EXAMPLE_TOU_SEGMENTS,
  type IncomeResult,
  localDateOf,
  localDayStart,
  periodAt,
  type StationKpis,
  TOU_PERIODS,
  type TouPeriod,
} from '@ess/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationTouTemplates } from '../../../db/rate-schema';
import { call, createTestApp, stationIdLookup, type TestContext } from '../../../test/harness';
import { ROLES, type Role, sees, signInAll } from '../../stations/device/sessions.kit';
import { pointIdOf, writeLatest, writeQuarter } from '../../stations/point/telemetry-fixtures.kit';
import { useExampleTariff } from '../rate/tariff-fixtures.kit';

const TZ = 'Asia/Shanghai';
const QUARTER = 900_000;
const D1 = '2024-01-10';
const D2 = '2024-01-11';

let ctx: TestContext;
let tokens: Record<Role, string>;
let sid: (code: string) => number;
let charge: number;
let discharge: number;

/** Per-quarter increments (kWh) of the test days: charging in the valley, discharging at the peaks. */
const chargeInc = (i: number) => (i < 32 ? 12.345 + (i % 3) * 0.111 : i === 50 ? 0.7 : 0);
const dischargeInc = (i: number) => {
  const p = periodAt(EXAMPLE_TOU_SEGMENTS, i * 15);
  return p === 'peak' ? 15.05 + (i % 5) * 0.013 : 0.02;
};

type Expected = Record<TouPeriod, { c: number; d: number }>;

/** Writes a day of buckets for both counters (skipping `gap` quarters); returns the readings at its end. */
async function writeDay(date: string, c0: number, d0: number, gap: Set<number>, expected: Expected) {
  const start = localDayStart(date, TZ);
  let c = c0;
  let d = d0;
  for (let i = 0; i < 96; i++) {
    const nc = c + chargeInc(i);
    const nd = d + dischargeInc(i);
    // A missing bucket's energy shows up in the next bucket with data: same period here.
    const p = periodAt(EXAMPLE_TOU_SEGMENTS, i * 15);
    expected[p].c += chargeInc(i);
    expected[p].d += dischargeInc(i);
    if (!gap.has(i)) {
      await writeQuarter(ctx.database.db, charge, start + i * QUARTER, c, nc);
      await writeQuarter(ctx.database.db, discharge, start + i * QUARTER, d, nd);
    }
    c = nc;
    d = nd;
  }
  return { c, d };
}

const empty = (): Expected => Object.fromEntries(TOU_PERIODS.map((p) => [p, { c: 0, d: 0 }])) as unknown as Expected;

let e1: Expected;
let e2: Expected;
let end1: { c: number; d: number };
let end2: { c: number; d: number };

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
  tokens = await signInAll(ctx.app);
  sid = await stationIdLookup(ctx.database.db);
  // Its expected revenue is derived from the example template (the seed gives province tariffs).
  await useExampleTariff(ctx.database.db, ['GD-GZ01', 'GD-SZ01']);
  const db = ctx.database.db;
  charge = await pointIdOf(db, 'GD-GZ01-MTR-ES', 'reverseEnergy');
  discharge = await pointIdOf(db, 'GD-GZ01-MTR-ES', 'forwardEnergy');
  // The baseline: the last bucket before D1 (23:45 the evening before).
  const before = localDayStart(D1, TZ) - QUARTER;
  await writeQuarter(db, charge, before, 999, 1000);
  await writeQuarter(db, discharge, before, 1999, 2000);
  e1 = empty();
  e2 = empty();
  end1 = await writeDay(D1, 1000, 2000, new Set(), e1);
  // D2 lacks quarters 40..44 (flat and peak 10:00–11:15): their energy lands in quarter 45 (flat).
  const gap = new Set([40, 41, 42, 43, 44]);
  end2 = await writeDay(D2, end1.c, end1.d, gap, e2);
  for (const i of [40, 41, 42, 43]) {
    e2.peak.c -= chargeInc(i);
    e2.peak.d -= dischargeInc(i);
    e2.flat.c += chargeInc(i);
    e2.flat.d += dischargeInc(i);
  }
}, 300_000);
afterAll(() => ctx?.close());

async function income(token: string, from: string, to: string, code = 'GD-GZ01'): Promise<IncomeResult> {
  const res = await call(ctx.app, token, 'POST', '/api/business/openStation/incomeData', {
    stationId: sid(code),
    from,
    to,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const revenue = (e: Expected) => TOU_PERIODS.reduce((s, p) => s + (e[p].d - e[p].c) * EXAMPLE_TOU_PRICES[p], 0);

describe('energy by TOU period (incomeData)', () => {
  it('splits each day by period from counter differences and sums it to the day’s counter difference', async () => {
    const r = await income(tokens.maintainer, D1, D2);
    expect(r.days.map((d) => d.date)).toEqual([D1, D2]);
    const [day1, day2] = r.days;
    for (const p of TOU_PERIODS) {
      expect(day1?.periods[p].chargeKwh, p).toBeCloseTo(e1[p].c, 6);
      expect(day1?.periods[p].dischargeKwh, p).toBeCloseTo(e1[p].d, 6);
      expect(day2?.periods[p].chargeKwh, p).toBeCloseTo(e2[p].c, 6);
      expect(day2?.periods[p].dischargeKwh, p).toBeCloseTo(e2[p].d, 6);
    }
    // The day's totals are exactly the counter differences (end of day − end of the day before).
    expect(day1?.chargeKwh).toBe(Math.round((end1.c - 1000) * 1e6) / 1e6);
    expect(day1?.dischargeKwh).toBe(Math.round((end1.d - 2000) * 1e6) / 1e6);
    expect(day2?.chargeKwh).toBe(Math.round((end2.c - end1.c) * 1e6) / 1e6);
    expect(day2?.dischargeKwh).toBe(Math.round((end2.d - end1.d) * 1e6) / 1e6);
    for (const d of r.days) {
      const micro = (k: 'chargeKwh' | 'dischargeKwh') =>
        TOU_PERIODS.reduce((s, p) => s + Math.round(d.periods[p][k] * 1e6), 0);
      expect(micro('chargeKwh')).toBe(Math.round(d.chargeKwh * 1e6));
      expect(micro('dischargeKwh')).toBe(Math.round(d.dischargeKwh * 1e6));
      expect(d.hasData).toBe(true);
    }
  });

  it('prices every period with the station’s template: Σ discharge × price − Σ charge × price', async () => {
    const r = await income(tokens.admin, D1, D2);
    expect(r.template).toMatchObject({ code: 'TOU-EXAMPLE', prices: EXAMPLE_TOU_PRICES, currency: 'CNY' });
    expect(r.template?.segments).toEqual(EXAMPLE_TOU_SEGMENTS);
    const [day1, day2] = r.days;
    expect(day1?.revenue).toBeCloseTo(revenue(e1), 6);
    expect(day2?.revenue).toBeCloseTo(revenue(e2), 6);
    expect(day1?.periods.peak.revenue).toBeCloseTo((e1.peak.d - e1.peak.c) * 0.6, 6);
    expect(day1?.periods.valley.revenue).toBeCloseTo((e1.valley.d - e1.valley.c) * 0.1, 6);
    expect(r.total.revenue).toBeCloseTo(revenue(e1) + revenue(e2), 6);
    expect(r.months).toHaveLength(1);
    expect(r.months[0]?.month).toBe('2024-01');
    expect(r.months[0]?.chargeKwh).toBeCloseTo((day1?.chargeKwh ?? 0) + (day2?.chargeKwh ?? 0), 6);
    expect(r.total.dischargeKwh).toBeCloseTo(end2.d - 2000, 6);
  });

  it('reports days without readings as zero, and months apart', async () => {
    const r = await income(tokens.admin, '2023-12-31', addDays(D2, 1));
    expect(r.days.map((d) => [d.date, d.hasData])).toEqual([
      ['2023-12-31', false],
      ...[...Array(8)].map((_, i) => [`2024-01-0${i + 1}`, false]),
      // The baseline bucket at 23:45 is the first reading ever: it counts from its own first reading.
      ['2024-01-09', true],
      [D1, true],
      [D2, true],
      ['2024-01-12', false],
    ]);
    expect(r.days[9]).toMatchObject({ chargeKwh: 1, dischargeKwh: 1 });
    expect(r.months.map((m) => m.month)).toEqual(['2023-12', '2024-01']);
    expect(r.months[0]).toEqual({ month: '2023-12', chargeKwh: 0, dischargeKwh: 0, revenue: 0 });
    // The first day of a range counts from the last reading before it, even days earlier.
    const second = await income(tokens.admin, D2, D2);
    expect(second.days[0]?.chargeKwh).toBe(Math.round((end2.c - end1.c) * 1e6) / 1e6);
  });

  it('counts everything as flat, without revenue, for a station without a template', async () => {
    const db = ctx.database.db;
    const before = await db
      .select()
      .from(stationTouTemplates)
      .where(eq(stationTouTemplates.stationId, sid('GD-GZ01')));
    await db.delete(stationTouTemplates).where(eq(stationTouTemplates.stationId, sid('GD-GZ01')));
    const r = await income(tokens.admin, D1, D1);
    expect(r.template).toBeNull();
    expect(r.days[0]?.revenue).toBeNull();
    expect(r.days[0]?.periods.flat.chargeKwh).toBe(r.days[0]?.chargeKwh);
    expect(r.days[0]?.periods.valley.chargeKwh).toBe(0);
    await db.insert(stationTouTemplates).values(before);
  });

  it('refuses reversed or too long ranges and bad dates with 400, stations out of scope with 404', async () => {
    for (const [from, to] of [
      [D2, D1],
      ['2022-01-01', '2024-01-10'],
      ['2024-02-30', '2024-03-01'],
      ['2024/01/01', '2024-01-02'],
      ['9999-12-30', '9999-12-31'],
    ]) {
      const res = await call(ctx.app, tokens.admin, 'POST', '/api/business/openStation/incomeData', {
        stationId: sid('GD-GZ01'),
        from,
        to,
      });
      expect(res.statusCode, `${from} ${to}`).toBe(400);
    }
    for (const role of ROLES) {
      const res = await call(ctx.app, tokens[role], 'POST', '/api/business/openStation/incomeData', {
        stationId: sid('GD-GZ01'),
        from: D1,
        to: D1,
      });
      expect(res.statusCode, role).toBe(sees(role, 'GD-GZ01') ? 200 : 404);
    }
  });
});

describe('station KPIs (pcsStationData)', () => {
  it("computes today's energy, revenue, PV and carbon from the meters, totals from the counters", async () => {
    const db = ctx.database.db;
    const now = Date.now();
    const today = localDateOf(now, TZ);
    const midnight = localDayStart(today, TZ);
    const code = 'GD-SZ01';
    const c = await pointIdOf(db, `${code}-MTR-ES`, 'reverseEnergy');
    const d = await pointIdOf(db, `${code}-MTR-ES`, 'forwardEnergy');
    const pv = await pointIdOf(db, `${code}-MTR-PV`, 'forwardEnergy');
    // Yesterday's last bucket is the baseline; then every quarter of today so far.
    await writeQuarter(db, c, midnight - QUARTER, 49_990, 50_000);
    await writeQuarter(db, d, midnight - QUARTER, 39_990, 40_000);
    await writeQuarter(db, pv, midnight - QUARTER, 7_000, 7_000.5);
    const e = empty();
    let cv = 50_000;
    let dv = 40_000;
    let pvv = 7_000.5;
    for (let b = midnight; b <= now; b += QUARTER) {
      const i = (b - midnight) / QUARTER;
      const p = periodAt(EXAMPLE_TOU_SEGMENTS, i * 15);
      e[p].c += chargeInc(i);
      e[p].d += dischargeInc(i);
      await writeQuarter(db, c, b, cv, cv + chargeInc(i));
      await writeQuarter(db, d, b, dv, dv + dischargeInc(i));
      await writeQuarter(db, pv, b, pvv, pvv + 1.25);
      cv += chargeInc(i);
      dv += dischargeInc(i);
      pvv += 1.25;
    }
    await writeLatest(db, [
      { pointId: c, ts: now, value: cv },
      { pointId: d, ts: now, value: dv },
      { pointId: pv, ts: now, value: pvv },
      { pointId: await pointIdOf(db, `${code}-VIRT`, 'soc'), ts: now - 5_000, value: 57.5 },
      { pointId: await pointIdOf(db, `${code}-VIRT`, 'storagePower'), ts: now - 4_000, value: -640 },
    ]);

    const res = await call(ctx.app, tokens.manager, 'POST', '/api/business/openStation/pcsStationData', {
      stationId: sid(code),
    });
    expect(res.statusCode, res.body).toBe(200);
    const k: StationKpis = res.json().data;
    expect(k).toMatchObject({
      stationId: sid(code),
      date: today,
      timezone: TZ,
      ratedPowerKw: 2000,
      capacityKwh: 4300,
      soc: 57.5,
      storagePowerKw: -640,
      currency: 'CNY',
      carbonFactor: 0.57,
    });
    expect(k.todayChargeKwh).toBeCloseTo(cv - 50_000, 6);
    expect(k.todayDischargeKwh).toBeCloseTo(dv - 40_000, 6);
    expect(k.totalChargeKwh).toBe(cv);
    expect(k.totalDischargeKwh).toBe(dv);
    expect(k.todayRevenue).toBeCloseTo(revenue(e), 6);
    expect(k.pvTodayKwh).toBeCloseTo(pvv - 7_000.5, 6);
    expect(k.pvTotalKwh).toBe(pvv);
    expect(k.carbonTodayT).toBeCloseTo(((pvv - 7_000.5) / 1000) * 0.57, 5);
    expect(k.carbonTotalT).toBeCloseTo((pvv / 1000) * 0.57, 5);

    const none = await call(ctx.app, tokens.admin, 'POST', '/api/business/openStation/pcsStationData', {
      stationId: sid('GD-DG01'),
    });
    expect(none.json().data).toMatchObject({ todayChargeKwh: null, totalChargeKwh: null, pvTodayKwh: null, soc: null });
    const scoped = await call(ctx.app, tokens.operator, 'POST', '/api/business/openStation/pcsStationData', {
      stationId: sid(code),
    });
    expect(scoped.statusCode).toBe(404);
  });
});
