import { describe, expect, it } from 'vitest';
import { grown, indexHolding } from './typed-arrays';

describe('typed arrays', () => {
  it('grows a column keeping its values first', () => {
    const g = grown(Float64Array.of(1.5, 2.5), new Float64Array(4));
    expect([...g]).toEqual([1.5, 2.5, 0, 0]);
  });

  it('lengthens an index to hold an id: doubled, or just enough, never past the cap', () => {
    const index = Int32Array.of(7, 8);
    expect(indexHolding(index, 1, 100)).toBe(index);
    expect([...indexHolding(index, 2, 100)]).toEqual([7, 8, 0, 0]);
    expect(indexHolding(index, 9, 100)).toHaveLength(10);
    expect(indexHolding(index, 60, 50)).toHaveLength(50);
  });
});
