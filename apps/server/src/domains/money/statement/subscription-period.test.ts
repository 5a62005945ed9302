import { zonedInstant } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { duePeriod } from './subscription-period';

const TZ = 'Asia/Shanghai';
const at = (date: string, hh: number, mm = 0) => zonedInstant(date, hh * 60 + mm, TZ);

describe('the period a subscription sends', () => {
  it('daily: yesterday once the hour came, else the day before', () => {
    expect(duePeriod('daily', 7, TZ, at('2026-12-04', 7))).toMatchObject({ key: '2026-12-03', month: '2026-12' });
    expect(duePeriod('daily', 7, TZ, at('2026-12-04', 6, 59)).key).toBe('2026-12-02');
    // The 1st of a month reports the last day of the month before, in its statement.
    expect(duePeriod('daily', 0, TZ, at('2026-12-01', 0))).toMatchObject({ key: '2026-11-30', month: '2026-11' });
  });

  it('weekly: the ISO week before, from its Monday', () => {
    // 2026-12-07 is a Monday.
    expect(duePeriod('weekly', 8, TZ, at('2026-12-07', 8))).toMatchObject({
      key: 'W2026-11-30',
      from: '2026-11-30',
      to: '2026-12-06',
      month: '2026-12',
    });
    expect(duePeriod('weekly', 8, TZ, at('2026-12-07', 7)).key).toBe('W2026-11-23');
    expect(duePeriod('weekly', 8, TZ, at('2026-12-10', 3)).key).toBe('W2026-11-30');
  });

  it('monthly: the month before, whole', () => {
    expect(duePeriod('monthly', 7, TZ, at('2026-12-01', 7))).toMatchObject({ key: '2026-11', to: '2026-11-30' });
    expect(duePeriod('monthly', 7, TZ, at('2026-12-01', 6)).key).toBe('2026-10');
    expect(duePeriod('monthly', 7, TZ, at('2027-01-15', 12)).key).toBe('2026-12');
  });

  it('reads the hour on the subscription’s clock', () => {
    const utc8 = at('2026-12-04', 7);
    expect(duePeriod('daily', 7, 'Europe/Madrid', utc8).key).toBe('2026-12-02');
  });
});
