import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Coalescer } from './coalescer';

type Values = Record<string, number>;

describe('Coalescer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const make = (busy: () => boolean = () => false) => {
    const sent: { key: string; value: Values; at: number }[] = [];
    const c = new Coalescer<Values>({
      intervalMs: 1000,
      merge: (a, b) => ({ ...a, ...b }),
      send: (key, value) => {
        if (busy()) return false;
        sent.push({ key, value, at: Date.now() });
        return true;
      },
    });
    return { c, sent };
  };

  it('sends the first update at once, then at most one per interval per key with the newest values', () => {
    const { c, sent } = make();
    for (let i = 0; i < 25; i++) {
      c.push('dev1', { p: i, [`k${i % 3}`]: i });
      if (i === 2) c.push('dev2', { soc: 50 });
      vi.advanceTimersByTime(100);
    }
    vi.advanceTimersByTime(2000);
    const dev1 = sent.filter((s) => s.key === 'dev1');
    expect(dev1.map((s) => s.at - 1_000_000)).toEqual([0, 1000, 2000, 3000]);
    expect(dev1.map((s) => s.value.p)).toEqual([0, 9, 19, 24]);
    // Values of codes not updated again are kept while merged.
    expect(dev1[1]?.value).toEqual({ p: 9, k0: 9, k1: 7, k2: 8 });
    expect(sent.filter((s) => s.key === 'dev2').map((s) => s.at - 1_000_000)).toEqual([200]);
  });

  it('keeps one merged value per key while the socket is busy, and sends it once free', () => {
    let busy = true;
    const { c, sent } = make(() => busy);
    for (let i = 0; i < 10_000; i++) c.push(`dev${i % 3}`, { p: i });
    expect(c.waiting).toBe(3);
    vi.advanceTimersByTime(5000);
    expect(sent).toEqual([]);
    busy = false;
    vi.advanceTimersByTime(1000);
    expect(sent.map((s) => [s.key, s.value.p])).toEqual([
      ['dev0', 9999],
      ['dev1', 9997],
      ['dev2', 9998],
    ]);
    expect(c.waiting).toBe(0);
  });

  it('holds updates while paused and forgets everything on clear', () => {
    const { c, sent } = make();
    c.pause();
    c.push('a', { p: 1 });
    c.push('a', { p: 2 });
    vi.advanceTimersByTime(3000);
    expect(sent).toEqual([]);
    c.resume();
    expect(sent.map((s) => s.value.p)).toEqual([2]);
    c.push('a', { p: 3 });
    c.clear();
    vi.advanceTimersByTime(3000);
    expect(sent).toHaveLength(1);
    c.push('a', { p: 4 });
    expect(sent.map((s) => s.value.p)).toEqual([2, 4]);
  });
});
