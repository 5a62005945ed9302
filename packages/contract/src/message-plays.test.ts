import { describe, expect, it } from 'vitest';
import { lastPlayAt } from './message-plays';

const start = Date.UTC(2026, 0, 31, 9, 0);
const MIN = 60_000;

describe('message plays', () => {
  it('plays at the start and every period after it, until the end', () => {
    const m = { start, end: start + 100 * MIN, frequency: 30, unit: 'minute' as const };
    expect(lastPlayAt(m, start - 1)).toBeNull();
    expect(lastPlayAt(m, start)).toBe(start);
    expect(lastPlayAt(m, start + 29 * MIN)).toBe(start);
    expect(lastPlayAt(m, start + 30 * MIN)).toBe(start + 30 * MIN);
    expect(lastPlayAt(m, start + 95 * MIN)).toBe(start + 90 * MIN);
    expect(lastPlayAt(m, m.end + 1)).toBeNull();
  });

  it('steps hours and days by their length', () => {
    const hourly = { start, end: start + 10 * 3_600_000, frequency: 2, unit: 'hour' as const };
    expect(lastPlayAt(hourly, start + 5 * 3_600_000)).toBe(start + 4 * 3_600_000);
    const daily = { start, end: start + 30 * 86_400_000, frequency: 7, unit: 'day' as const };
    expect(lastPlayAt(daily, start + 15 * 86_400_000)).toBe(start + 14 * 86_400_000);
  });

  it('steps calendar months, keeping the day where the month has it', () => {
    const monthly = { start, end: Date.UTC(2026, 11, 31), frequency: 1, unit: 'month' as const };
    // 31 January → 28 February (no 31st) → 31 March.
    expect(lastPlayAt(monthly, Date.UTC(2026, 1, 28, 9, 0))).toBe(Date.UTC(2026, 1, 28, 9, 0));
    expect(lastPlayAt(monthly, Date.UTC(2026, 2, 30, 12, 0))).toBe(Date.UTC(2026, 1, 28, 9, 0));
    expect(lastPlayAt(monthly, Date.UTC(2026, 2, 31, 9, 0))).toBe(Date.UTC(2026, 2, 31, 9, 0));
    const quarterly = { ...monthly, frequency: 3 };
    expect(lastPlayAt(quarterly, Date.UTC(2026, 6, 1))).toBe(Date.UTC(2026, 3, 30, 9, 0));
  });
});
