import { describe, expect, it } from 'vitest';
import { addDays, datesBetween, localDateOf, zonedMidnight } from './local-time';

describe('local time of a station', () => {
  it('finds local dates and midnights in fixed-offset zones', () => {
    expect(zonedMidnight('2024-01-10', 'Asia/Shanghai')).toBe(Date.UTC(2024, 0, 9, 16));
    expect(zonedMidnight('2024-01-10', 'Asia/Kathmandu')).toBe(Date.UTC(2024, 0, 9, 18, 15));
    expect(zonedMidnight('2024-01-10', 'UTC')).toBe(Date.UTC(2024, 0, 10));
    expect(localDateOf(Date.UTC(2024, 0, 9, 15, 59), 'Asia/Shanghai')).toBe('2024-01-09');
    expect(localDateOf(Date.UTC(2024, 0, 9, 16), 'Asia/Shanghai')).toBe('2024-01-10');
  });

  it('handles days next to daylight-saving changes', () => {
    // New York: clocks go forward on 2024-03-10 and back on 2024-11-03 (at 02:00).
    expect(zonedMidnight('2024-03-10', 'America/New_York')).toBe(Date.UTC(2024, 2, 10, 5));
    expect(zonedMidnight('2024-03-11', 'America/New_York')).toBe(Date.UTC(2024, 2, 11, 4));
    expect(zonedMidnight('2024-11-04', 'America/New_York')).toBe(Date.UTC(2024, 10, 4, 5));
  });

  it('walks calendar days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(datesBetween('2023-12-30', '2024-01-02')).toEqual(['2023-12-30', '2023-12-31', '2024-01-01', '2024-01-02']);
    expect(datesBetween('2024-01-02', '2024-01-01')).toEqual([]);
  });
});
