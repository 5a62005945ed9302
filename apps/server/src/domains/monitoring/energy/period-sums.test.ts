import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EXAMPLE_TOU_SEGMENTS, localDayStart, PROVINCE_TOU_TEMPLATES, periodAt, TOU_PERIODS } from '@ess/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ts15m } from '../../../db/telemetry-schema';
import { createTestDatabase } from '../../../test/harness';
import { counterBuckets } from './energy.repository';
import { splitByPeriod } from './period-split';
import { counterPeriodSums } from './period-sums.repository';

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

describe('counter energy summed by the database', () => {
  it('equals the bucket rule per point, day and period, to the micro-kWh', async () => {
    const from = localDayStart(D1, TZ);
    const to = localDayStart('2025-07-03', TZ);
    const cutOf = (segments: typeof JS) =>
      Array.from({ length: 96 }, (_, q) => TOU_PERIODS.indexOf(periodAt(segments, q * 15)));
    const runs = POINTS.flatMap((p) => [
      { p, from: D1, to: D1, cut: cutOf(EXAMPLE_TOU_SEGMENTS) },
      { p, from: D2, to: D2, cut: cutOf(JS) },
    ]);
    const sums = await counterPeriodSums(db.database.db, POINTS, from, to, TZ, runs);
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
