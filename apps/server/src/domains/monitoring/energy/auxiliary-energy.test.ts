import { localDayStart } from '@ess/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, stationIdLookup, type TestContext } from '../../../test/harness';
import { writeQuarter } from '../../stations/point/telemetry-fixtures.kit';
import { auxiliaryCounterIds, auxiliaryDays } from './auxiliary-energy';
import { fromMicro } from './period-split';

const TZ = 'Asia/Shanghai';
const QUARTER = 900_000;
const D1 = '2024-03-04';
const D2 = '2024-03-05';

let ctx: TestContext;
let station: { id: number; timezone: string };
let ids: number[];
/** Expected auxiliary kWh per day, added up from the increments written. */
const expected = new Map<string, number>();

/** A counter's quarters over two days; the second counter is reset to 0 at noon of D2. */
async function writeCounter(pointId: number, start: number, inc: (q: number) => number, resetAt: number | null) {
  let reading = start;
  for (let q = 0; q < 192; q++) {
    const date = q < 96 ? D1 : D2;
    const bucket = localDayStart(D1, TZ) + q * QUARTER;
    // A replaced meter starts again from 0: the bucket counts from its own first reading.
    const first = q === resetAt ? 0 : reading;
    const last = first + inc(q);
    await writeQuarter(ctx.database.db, pointId, bucket, first, last);
    expected.set(date, (expected.get(date) ?? 0) + (last - first));
    reading = last;
  }
}

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
  const sid = await stationIdLookup(ctx.database.db);
  station = { id: sid('JS-SZ01'), timezone: TZ };
  ids = await auxiliaryCounterIds(ctx.database.db, station.id);
  const [a, b] = ids;
  if (a === undefined || b === undefined) throw new Error('JS-SZ01 should have two air conditioners');
  // The last reading before D1 telescopes into its first quarter.
  await writeQuarter(ctx.database.db, a, localDayStart(D1, TZ) - QUARTER, 4000, 4100);
  await writeQuarter(ctx.database.db, b, localDayStart(D1, TZ) - QUARTER, 900, 950);
  expected.set(D1, 0);
  await writeCounter(a, 4100, (q) => 1.25 + (q % 4) * 0.05, null);
  await writeCounter(b, 950, (q) => (q % 8 === 0 ? 2.5 : 0.375), 96 + 48);
}, 120_000);

afterAll(() => ctx?.close());

describe('auxiliary consumption from the air conditioners’ counters', () => {
  it('adds every air conditioner’s counter differences per local day, a reset giving no negative energy', async () => {
    const days = await auxiliaryDays(ctx.database.db, station, D1, D2, localDayStart(D2, TZ) + 2 * 86_400_000);
    expect(days?.map((d) => d.date)).toEqual([D1, D2]);
    for (const d of days ?? []) {
      expect(d.hasData).toBe(true);
      expect(fromMicro(d.micro)).toBeCloseTo(expected.get(d.date) ?? Number.NaN, 6);
      expect(d.micro).toBeGreaterThan(0);
      expect(d.coverage).toMatchObject({ quarters: 96, expected: 96, ended: true });
    }
  });

  it('a day without readings has no data rather than zero', async () => {
    const days = await auxiliaryDays(ctx.database.db, station, '2024-03-07', '2024-03-07');
    expect(days).toEqual([expect.objectContaining({ date: '2024-03-07', hasData: false, micro: 0 })]);
  });

  it('is unknown (null) for a station without air conditioner counters', async () => {
    expect(await auxiliaryDays(ctx.database.db, { id: 2_000_000_000, timezone: TZ }, D1, D2)).toBeNull();
  });
});
