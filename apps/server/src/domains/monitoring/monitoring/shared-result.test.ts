import { describe, expect, it } from 'vitest';
import { SharedResult } from './shared-result';

/** A computation the test finishes by hand, counting its runs. */
function gate() {
  let runs = 0;
  const pending: ((v: number) => void)[] = [];
  const fails: ((e: Error) => void)[] = [];
  const compute = () => {
    runs++;
    return new Promise<number>((resolve, reject) => {
      pending.push(resolve);
      fails.push(reject);
    });
  };
  return {
    compute,
    runs: () => runs,
    finish: (v: number) => pending.shift()?.(v),
    fail: (e: Error) => {
      pending.shift();
      fails.shift()?.(e);
    },
  };
}

describe('SharedResult', () => {
  it('lets concurrent readers of a key share one computation, other keys their own', async () => {
    let now = 0;
    const shared = new SharedResult<number>(1000, () => now);
    const g = gate();
    const a = shared.get('1', g.compute);
    const b = shared.get('1', g.compute);
    const c = shared.get('2', g.compute);
    expect(g.runs()).toBe(2);
    g.finish(7);
    g.finish(9);
    expect(await Promise.all([a, b, c])).toEqual([7, 7, 9]);
    now = 999;
    expect(await shared.get('1', g.compute)).toBe(7);
    expect(g.runs()).toBe(2);
  });

  it('computes again once the result is as old as the bound', async () => {
    let now = 0;
    const shared = new SharedResult<number>(1000, () => now);
    const g = gate();
    const first = shared.get('k', g.compute);
    g.finish(1);
    expect(await first).toBe(1);
    now = 1000;
    const second = shared.get('k', g.compute);
    g.finish(2);
    expect(await second).toBe(2);
    expect(g.runs()).toBe(2);
  });

  it('does not keep a failure: the next reader computes again', async () => {
    const shared = new SharedResult<number>(1000, () => 0);
    const g = gate();
    const failed = shared.get('k', g.compute);
    g.fail(new Error('database down'));
    await expect(failed).rejects.toThrow('database down');
    const next = shared.get('k', g.compute);
    g.finish(3);
    expect(await next).toBe(3);
    expect(g.runs()).toBe(2);
  });

  it('computes for every reader with a bound of 0', async () => {
    const shared = new SharedResult<number>(0, () => 0);
    const g = gate();
    const a = shared.get('k', g.compute);
    const b = shared.get('k', g.compute);
    g.finish(1);
    g.finish(2);
    expect(await Promise.all([a, b])).toEqual([1, 2]);
  });
});
