import { describe, expect, it } from 'vitest';
import { wallClock } from './wall-clock';

describe('station wall clock', () => {
  it('reads an instant as the station’s local clock, whatever the browser’s zone', () => {
    // 2026-03-15 00:00 in Shanghai (UTC+8) is 2026-03-14 16:00 UTC.
    const midnight = Date.UTC(2026, 2, 14, 16, 0, 0);
    expect(wallClock(midnight, 'Asia/Shanghai')).toBe(Date.UTC(2026, 2, 15, 0, 0, 0));
    expect(wallClock(midnight + 1234, 'Asia/Shanghai')).toBe(Date.UTC(2026, 2, 15, 0, 0, 1, 234));
    expect(wallClock(midnight, 'UTC')).toBe(midnight);
  });

  it('follows daylight saving time where the zone has it', () => {
    // Madrid: UTC+1 in winter, UTC+2 after the last Sunday of March.
    expect(wallClock(Date.UTC(2026, 0, 10, 12), 'Europe/Madrid')).toBe(Date.UTC(2026, 0, 10, 13));
    expect(wallClock(Date.UTC(2026, 6, 10, 12), 'Europe/Madrid')).toBe(Date.UTC(2026, 6, 10, 14));
  });
});
