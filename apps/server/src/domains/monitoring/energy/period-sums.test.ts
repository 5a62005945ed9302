import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  addDays,
  EXAMPLE_TOU_SEGMENTS,
  localDayStart,
  PROVINCE_TOU_TEMPLATES,
  periodAt,
  TOU_PERIODS,
} from '@ess/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ts15m } from '../../../db/telemetry-schema';
import { createTestDatabase } from '../../../test/harness';
import { rebuildDaysFromQuarters } from '../../stations/point/rollups-from-raw.kit';
import { counterBuckets } from './energy.repository';
import { storedPeriodDays } from './period-days.repository';
import { splitByPeriod } from './period-split';
import { counterPeriodSums, type PeriodSpan } from './period-sums.repository';

/**
 * The database's sums by day and period (period-sums.repository.ts) against the bucket rule in
 * TypeScript (bucketMicro via splitByPeriod) on the same readings: a reset, a gap, readings whose
 * micro-kWh end in exactly .5, and a template change between the two days.
 */
const TZ = 'Asia/Shanghai';
const QUARTER = 900_000;
const D1 = '2025-07-01';
const D2 = '2025-07-02';
const JS = PROVINCE_TOU_TEMPLATES.find((t) => t.code === 'TOU-JS')?.segments ?? EXAMPLE_TOU_SEGMENTS;
const POINTS = [900_001, 900_002];
const dir = mkdtempSync(path.join(tmpdir(), 'period-sums-'));
let db: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  db = await createTestDatabase(dir);
  const rows: (typeof ts15m.$inferInsert)[] = [];
  for (const [k, pointId] of POINTS.entries()) {
    let reading = 1000.0000005 + k;
    const start = localDayStart(D1, TZ) - QUARTER;
    for (let q = 0; q < 2 * 96 + 1; q++) {
      if (q >= 40 && q < 47) continue; // a gap: its energy lands on the next quarter
      const first = q === 120 ? 0.0000025 : reading; // a meter reset
      const last = first + ((q * 7919) % 13) * 0.3750005;
      reading = last;
      const bucket = new Date(start + q * QUARTER);
      rows.push({
        pointId,
        bucket,
        min: first,
        max: last,
        sum: first + last,
        count: 2,
        first,
        firstTs: bucket,
        last,
        lastTs: bucket,
      });
    }
  }
  await db.database.db.insert(ts15m).values(rows);
}, 120_000);

afterAll(async () => {
  await db?.database.close();
  await db?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const cutOf = (segments: typeof JS) =>
  Array.from({ length: 96 }, (_, q) => TOU_PERIODS.indexOf(periodAt(segments, q * 15)));
const span = (p: number, from: string, to: string, cut: number[]): PeriodSpan => ({
  p,
  from,
  to,
  cut,
  start: localDayStart(from, TZ),
  end: localDayStart(addDays(to, 1), TZ),
});

describe('counter energy summed by the database', () => {
  it('equals the bucket rule per point, day and period, to the micro-kWh', async () => {
    const from = localDayStart(D1, TZ);
    const to = localDayStart('2025-07-03', TZ);
    const spans = POINTS.flatMap((p) => [span(p, D1, D1, cutOf(EXAMPLE_TOU_SEGMENTS)), span(p, D2, D2, cutOf(JS))]);
    const sums = await counterPeriodSums(db.database.db, TZ, spans);
    const buckets = await counterBuckets(db.database.db, POINTS, from, to, TZ);
    for (const p of POINTS) {
      const mine = buckets.filter((b) => b.p === p);
      const expected = new Map([
        ...splitByPeriod(
          mine.filter((b) => b.day === D1),
          EXAMPLE_TOU_SEGMENTS,
        ),
        ...splitByPeriod(
          mine.filter((b) => b.day === D2),
          JS,
        ),
      ]);
      for (const [day, periods] of expected) {
        for (const period of TOU_PERIODS) {
          const got = sums
            .filter((s) => s.p === p && s.day === day && TOU_PERIODS[s.period] === period)
            .reduce((a, s) => a + s.micro, 0);
          expect(got, `${p} ${day} ${period}`).toBe(periods[period]);
        }
        const quarters = sums.filter((s) => s.p === p && s.day === day).reduce((a, s) => a + s.quarters, 0);
        expect(quarters).toBe(mine.filter((b) => b.day === day).length);
      }
    }
  });
});

/** Per point, day and period, micro-kWh (the shape a stored day answers in). */
const byDay = (sums: { p: number; day: string; period: number; micro: number }[]) => {
  const out = new Map<string, number>();
  for (const s of sums) out.set(`${s.p}|${s.day}|${s.period}`, (out.get(`${s.p}|${s.day}|${s.period}`) ?? 0) + s.micro);
  return out;
};

describe('ended days stored per period', () => {
  const d = () => db.database.db;
  const cut = cutOf(JS);
  const rollDays = () => rebuildDaysFromQuarters(d(), POINTS, TZ);

  it('sums a range cut into day spans as the whole range, and stores only the days before the given one', async () => {
    await rollDays();
    const whole = await counterPeriodSums(d(), TZ, [span(POINTS[0] as number, D1, D2, cut)]);
    const days = await counterPeriodSums(
      d(),
      TZ,
      [span(POINTS[0] as number, D1, D1, cut), span(POINTS[0] as number, D2, D2, cut)],
      D2,
    );
    expect(byDay(days)).toEqual(byDay(whole));
    const stored = await storedPeriodDays(d(), POINTS, TZ, D1, D2);
    expect(stored.map((s) => s.day)).toEqual([D1]);
    const [day] = stored;
    expect(day?.cut).toBe(cut.join(''));
    for (const [i] of TOU_PERIODS.entries()) {
      expect(day?.micro[i], `period ${i}`).toBe(byDay(whole).get(`${POINTS[0]}|${D1}|${i}`) ?? 0);
    }
    // Another zone's days are not this zone's.
    expect(await storedPeriodDays(d(), POINTS, 'Asia/Tokyo', D1, D2)).toEqual([]);
  });

  it('drops a stored day when a late sample lands in it or in the last reading before it', async () => {
    await counterPeriodSums(d(), TZ, [span(POINTS[1] as number, D1, D2, cut)], '2025-07-03');
    expect((await storedPeriodDays(d(), [POINTS[1] as number], TZ, D1, D2)).map((s) => s.day)).toEqual([D1, D2]);
    // A late sample in D2: its count moves on, D1 still holds.
    await d().execute(sql`update ts_1d set count = count + 1 where point_id = ${POINTS[1]} and day = ${D2}::date`);
    expect((await storedPeriodDays(d(), [POINTS[1] as number], TZ, D1, D2)).map((s) => s.day)).toEqual([D1]);
    // A later last reading of D1 changes what D2's first quarter-hour counts from, and D1 itself.
    await d().execute(
      sql`update ts_1d set count = count + 1, last_ts = last_ts + interval '1 minute' where point_id = ${POINTS[1]} and day = ${D1}::date`,
    );
    expect(await storedPeriodDays(d(), [POINTS[1] as number], TZ, D1, D2)).toEqual([]);
  });
});
