import { describe, expect, it } from 'vitest';
import { assignWaves, judgeWave, waveSizes } from './wave-plan';

describe('waves', () => {
  it('cuts cumulative percentages into waves of at least one device', () => {
    expect(waveSizes(200, [1, 10, 100])).toEqual([2, 18, 180]);
    expect(waveSizes(3, [1, 10, 100])).toEqual([1, 1, 1]);
    expect(waveSizes(10, [1, 10, 100])).toEqual([1, 1, 8]);
    expect(waveSizes(5, [50, 100])).toEqual([3, 2]);
    expect(waveSizes(2, [1, 10, 100])).toBeNull();
    expect(assignWaves(4, [25, 100])).toEqual([1, 2, 2, 2]);
  });

  it('waits for a wave, halts above the threshold, goes on at or under it, finishes after the last', () => {
    const d = (wave: number, state: 'pending' | 'upgrading' | 'success' | 'failure') => ({ wave, state });
    expect(judgeWave([d(1, 'success'), d(1, 'upgrading')], 1, 3, 10).kind).toBe('wait');
    expect(judgeWave([d(1, 'success'), d(1, 'failure')], 1, 3, 10)).toEqual({
      kind: 'halt',
      failed: 1,
      total: 2,
      pct: 50,
    });
    expect(judgeWave([d(1, 'success'), d(1, 'failure')], 1, 3, 50).kind).toBe('next');
    expect(judgeWave([d(3, 'failure')], 3, 3, 0).kind).toBe('finish');
  });
});
