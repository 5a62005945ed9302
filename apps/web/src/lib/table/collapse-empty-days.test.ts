import { describe, expect, it } from 'vitest';
import { collapseEmptyDays } from './collapse-empty-days';

type Row = { date: string; hasData: boolean };

/** Consecutive November days, `pattern` reading `x` for a day with data and `.` for one without. */
const days = (pattern: string): Row[] =>
  [...pattern].map((c, i) => ({ date: `2026-11-${String(i + 1).padStart(2, '0')}`, hasData: c === 'x' }));
const collapse = (rows: Row[]) => collapseEmptyDays(rows, (r) => r.date);

/** An entry as `date` (with data) or `from..to×count` (a run), to compare whole listings. */
const shape = (rows: Row[]) =>
  collapse(rows).map((e) => (e.kind === 'data' ? e.row.date : `${e.from}..${e.to}×${e.count}`));

describe('collapseEmptyDays', () => {
  it('lists days newest first, whatever order they come in', () => {
    const rows = days('xxxx');
    const listed = collapse([rows[2], rows[0], rows[3], rows[1]].filter((r) => r !== undefined));
    expect(listed.map((e) => e.key)).toEqual(rows.map((r) => r.date).reverse());
    expect(listed.every((e) => e.kind === 'data')).toBe(true);
  });

  it('keeps every day when none is empty', () => {
    const rows = days('xxx');
    expect(shape(rows)).toEqual(rows.map((r) => r.date).reverse());
  });

  it('collapses a run at the start, in the middle and at the end of the range into one entry each', () => {
    const rows = days('..x...xx..');
    const d = rows.map((r) => r.date);
    expect(shape(rows)).toEqual([`${d[8]}..${d[9]}×2`, d[7], d[6], `${d[3]}..${d[5]}×3`, d[2], `${d[0]}..${d[1]}×2`]);
  });

  it('marks a single empty day as a run of one, keyed by its date', () => {
    const rows = days('x.x');
    const d = rows.map((r) => r.date);
    const listed = collapse(rows);
    expect(listed[1]).toEqual({ kind: 'empty', key: d[1], from: d[1], to: d[1], count: 1 });
    expect(listed.map((e) => e.key)).toEqual([d[2], d[1], d[0]]);
  });

  it('collapses a range without data into one entry', () => {
    const rows = days('.'.repeat(28));
    expect(collapse(rows)).toEqual([
      { kind: 'empty', key: rows[0]?.date, from: rows[0]?.date, to: rows[27]?.date, count: 28 },
    ]);
  });

  it('keys a run by its oldest day, so it keeps its key as newer days join it', () => {
    const before = collapse(days('x..'));
    const after = collapse(days('x...'));
    expect(before[0]?.key).toBe(after[0]?.key);
    // Every key is unique: runs and days never share one.
    const keys = collapse(days('.x..x.')).map((e) => e.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('works on months as well', () => {
    const rows = [
      { date: '2026-01', hasData: false },
      { date: '2026-02', hasData: false },
      { date: '2026-03', hasData: true },
    ];
    expect(shape(rows)).toEqual(['2026-03', '2026-01..2026-02×2']);
  });

  it('lists nothing for no rows', () => {
    expect(collapse([])).toEqual([]);
  });
});
