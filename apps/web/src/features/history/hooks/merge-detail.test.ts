import type { CurveSeries } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { mergeDetail } from './merge-detail';

const series = (over: Partial<CurveSeries>): CurveSeries => ({
  deviceId: 1,
  code: 'p',
  name: 'P',
  unit: 'kW',
  resolution: '15m',
  bucketMs: 900_000,
  data: [],
  ...over,
});

describe('mergeDetail', () => {
  const overview = series({
    data: [
      [0, 1],
      [100, 2],
      [200, 3],
      [300, 4],
    ],
    band: [
      [0, 0, 2],
      [100, 1, 3],
      [200, 2, 4],
      [300, 3, 5],
    ],
  });

  it('replaces the buckets inside the window by the detail, keeping the rest and the order', () => {
    const detail = series({
      resolution: 'raw',
      bucketMs: null,
      data: [
        [110, 20],
        [150, 25],
        [190, 30],
        [400, 99],
      ],
    });
    const [merged] = mergeDetail([overview], [detail], { from: 100, to: 200 });
    expect(merged?.data).toEqual([
      [0, 1],
      [110, 20],
      [150, 25],
      [190, 30],
      [300, 4],
    ]);
    // Raw detail has no band: the band stays outside the window only.
    expect(merged?.band).toEqual([
      [0, 0, 2],
      [300, 3, 5],
    ]);
    expect(merged).toMatchObject({ resolution: 'raw', bucketMs: null });
  });

  it('leaves series without detail, and everything when there is no window', () => {
    const other = series({ code: 'q', data: [[0, 7]] });
    const detail = series({ data: [[150, 9]] });
    const merged = mergeDetail([overview, other], [detail], { from: 100, to: 200 });
    expect(merged[1]).toBe(other);
    expect(mergeDetail([overview], [detail], null)).toEqual([overview]);
    expect(mergeDetail([overview], undefined, { from: 100, to: 200 })).toEqual([overview]);
  });

  it('gives the same answer for rows out of time order', () => {
    const shuffled = series({
      data: [
        [300, 4],
        [0, 1],
        [200, 3],
        [100, 2],
      ],
    });
    const detail = series({
      data: [
        [190, 30],
        [110, 20],
        [400, 99],
        [150, 25],
      ],
    });
    const [merged] = mergeDetail([shuffled], [detail], { from: 100, to: 200 });
    expect(merged?.data).toEqual([
      [0, 1],
      [110, 20],
      [150, 25],
      [190, 30],
      [300, 4],
    ]);
  });

  it('keeps buckets at the window edges from the detail only', () => {
    const detail = series({
      data: [
        [100, 10],
        [200, 30],
      ],
    });
    const [merged] = mergeDetail([overview], [detail], { from: 100, to: 200 });
    expect(merged?.data).toEqual([
      [0, 1],
      [100, 10],
      [200, 30],
      [300, 4],
    ]);
  });
});
