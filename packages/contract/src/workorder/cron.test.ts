import { describe, expect, it } from 'vitest';
import { localDateTime, zonedInstant } from '../local-time';
import { type CronSpec, nextCronRuns, parseCron } from './cron';

const spec = (expr: string): CronSpec => {
  const p = parseCron(expr);
  if (!p.ok) throw new Error(`not a cron: ${expr}`);
  return p.spec;
};
const runs = (expr: string, zone: string, after: number, count = 3) =>
  nextCronRuns(spec(expr), zone, after, count).map((ms) => localDateTime(ms, zone));

describe('cron of schedules', () => {
  it('reads numbers, ranges, steps, lists; 7 is Sunday', () => {
    expect(spec('*/15 8-10 * * 1-5')).toMatchObject({
      minutes: [0, 15, 30, 45],
      hours: [8, 9, 10],
      weekdays: [1, 2, 3, 4, 5],
      anyDay: true,
      anyWeekday: false,
    });
    expect(spec('5/20 0 1,15 */6 0,7').minutes).toEqual([5, 25, 45]);
    expect(spec('0 0 1,15 */6 0,7')).toMatchObject({ days: [1, 15], months: [1, 7], weekdays: [0] });
  });

  it('names the wrong field', () => {
    expect(parseCron('0 8 * *')).toEqual({ ok: false, field: -1 });
    expect(parseCron('60 8 * * *')).toEqual({ ok: false, field: 0 });
    expect(parseCron('0 8-6 * * *')).toEqual({ ok: false, field: 1 });
    expect(parseCron('0 8 0 * *')).toEqual({ ok: false, field: 2 });
    expect(parseCron('0 8 * 13 *')).toEqual({ ok: false, field: 3 });
    expect(parseCron('0 8 * * MON')).toEqual({ ok: false, field: 4 });
    expect(parseCron('0 8 * * */0')).toEqual({ ok: false, field: 4 });
  });

  it("runs on the station's clock, whatever the server's", () => {
    // 2026-12-02 09:30 in Shanghai is 01:30 UTC.
    const after = zonedInstant('2026-12-02', 9 * 60 + 30, 'Asia/Shanghai');
    expect(runs('0 8 * * *', 'Asia/Shanghai', after)).toEqual([
      '2026-12-03 08:00:00',
      '2026-12-04 08:00:00',
      '2026-12-05 08:00:00',
    ]);
    expect(runs('0 8 * * *', 'Europe/Madrid', after, 1)).toEqual(['2026-12-02 08:00:00']);
  });

  it('a day matching either restricted day field runs', () => {
    // 2026-12-01 is a Tuesday; the 15th and Fridays.
    const after = zonedInstant('2026-12-01', 0, 'UTC');
    expect(runs('0 6 15 * 5', 'UTC', after, 4)).toEqual([
      '2026-12-04 06:00:00',
      '2026-12-11 06:00:00',
      '2026-12-15 06:00:00',
      '2026-12-18 06:00:00',
    ]);
  });

  it('skips a wall time the clock jumps over and runs a repeated one once', () => {
    // Madrid: 2027-03-28 02:00 → 03:00; 2027-10-31 03:00 → 02:00.
    expect(runs('30 2 * * *', 'Europe/Madrid', zonedInstant('2027-03-27', 0, 'Europe/Madrid'), 2)).toEqual([
      '2027-03-27 02:30:00',
      '2027-03-29 02:30:00',
    ]);
    expect(runs('30 2 * * *', 'Europe/Madrid', zonedInstant('2027-10-31', 0, 'Europe/Madrid'), 2)).toEqual([
      '2027-10-31 02:30:00',
      '2027-11-01 02:30:00',
    ]);
  });

  it('finds a rare day and none for a day that never comes', () => {
    const after = zonedInstant('2026-12-02', 0, 'UTC');
    expect(runs('0 0 29 2 *', 'UTC', after, 1)).toEqual(['2028-02-29 00:00:00']);
    expect(nextCronRuns(spec('0 0 31 2 *'), 'UTC', after, 1)).toEqual([]);
  });
});
