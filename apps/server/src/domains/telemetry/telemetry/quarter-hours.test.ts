import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../test/seeded-random';
import { QUARTER_MS, type QuarterHour, QuarterHourSet } from './quarter-hours';

/** Aggregates without their chain links, for comparing sets. */
const plain = (list: readonly QuarterHour[]) => list.map(({ next: _next, ...q }) => q);

describe('quarter-hour aggregates', () => {
  it('agree whether a point is found by the index array or by the map, ids beyond the index included', () => {
    const rand = seededRandom(7);
    const ids = [1, 2, 5_000, 200_000, 2 ** 24 + 3, 2 ** 30];
    const n = 3_000;
    const pointIds = Int32Array.from({ length: n }, () => ids[Math.floor(rand() * ids.length)] ?? 0);
    const start = Date.UTC(2026, 11, 6);
    const ts = Float64Array.from({ length: n }, () => start + Math.floor(rand() * 4 * QUARTER_MS));
    const values = Float64Array.from({ length: n }, () => Math.round(rand() * 400) / 4);
    const byMap = new QuarterHourSet();
    const byIndex = new QuarterHourSet(true);
    // In two parts, as the accumulator adds batch after batch.
    for (const set of [byMap, byIndex]) {
      set.add(pointIds.subarray(0, 1000), ts.subarray(0, 1000), values.subarray(0, 1000), 1000);
      set.add(pointIds.subarray(1000), ts.subarray(1000), values.subarray(1000), n - 1000);
    }
    expect(plain(byIndex.list)).toEqual(plain(byMap.list));
    // Every point has its four quarter-hours, each counting its samples once.
    expect(byIndex.list).toHaveLength(ids.length * 4);
    expect(byIndex.list.reduce((s, q) => s + q.count, 0)).toBe(n);
    const one = byIndex.list.find((q) => q.pointId === 200_000 && q.bucket === start);
    const samples = [...pointIds.keys()].filter((i) => pointIds[i] === 200_000 && (ts[i] ?? 0) < start + QUARTER_MS);
    expect(one).toMatchObject({
      count: samples.length,
      sum: samples.reduce((s, i) => s + (values[i] ?? 0), 0),
      min: Math.min(...samples.map((i) => values[i] ?? 0)),
      max: Math.max(...samples.map((i) => values[i] ?? 0)),
    });
  });
});
