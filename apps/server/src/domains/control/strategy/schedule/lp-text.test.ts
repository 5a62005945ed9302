import { describe, expect, it } from 'vitest';
import { solveLp } from './highs-solver';
import { LpModel, lpNumber } from './lp-text';

describe('LP text', () => {
  it('writes numbers as plain decimals', () => {
    expect(lpNumber(1e-7)).toBe('0.0000001');
    expect(lpNumber(-2.5)).toBe('-2.5');
    expect(lpNumber(123456789012345)).toBe('123456789012345');
    expect(lpNumber(1e-13)).toBe('0');
    expect(lpNumber(-1e-13)).toBe('0');
    expect(() => lpNumber(Number.NaN)).toThrow(/out of range/);
    expect(() => lpNumber(1e16)).toThrow(/out of range/);
  });

  it('merges a variable named twice so HiGHS solves the intended objective', async () => {
    // min x − 3y + 2y (= x − y) with x + y ≥ 1, y ≤ 0.25: optimum y = 0.25, x = 0.75.
    const lp = new LpModel();
    lp.variable('x', 0, 10);
    lp.variable('y', 0, 0.25);
    lp.cost('x', 1);
    lp.cost('y', -3);
    lp.cost('y', 2);
    lp.row(
      'cover',
      new Map([
        ['x', 1],
        ['y', 1],
      ]),
      '>=',
      1,
    );
    expect(lp.text()).toContain('obj: + 1 x - 1 y');
    const primal = await solveLp(lp.text());
    expect(primal?.x).toBeCloseTo(0.75, 9);
    expect(primal?.y).toBeCloseTo(0.25, 9);
  });

  it('throws on an infeasible model', async () => {
    const lp = new LpModel();
    lp.variable('x', 0, 1);
    lp.cost('x', 1);
    lp.row('need', new Map([['x', 1]]), '>=', 2);
    await expect(solveLp(lp.text())).rejects.toThrow(/Infeasible/);
  });
});
