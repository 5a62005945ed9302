import { describe, expect, it } from 'vitest';
import { stationTime } from '@/lib/station/station-time';
import { rangeBounds, spanParts } from './time-range';

// A station on UTC+8 read from a browser on UTC: 2024-03-09 16:30 UTC is 00:30 on 10 March there.
const SH = stationTime('Asia/Shanghai', 'UTC');
const NOW = Date.UTC(2024, 2, 9, 16, 30, 15);

describe('power quality ranges', () => {
  it("starts today at the station's midnight, not the browser's", () => {
    expect(rangeBounds({ kind: 'today' }, NOW, SH)).toEqual({ from: Date.UTC(2024, 2, 9, 16), to: NOW - 15_000 });
    expect(rangeBounds({ kind: '7d' }, NOW, SH).from).toBe(NOW - 15_000 - 7 * 86_400_000);
  });

  it('reads custom days as whole station days, up to now', () => {
    expect(rangeBounds({ kind: 'custom', from: '2024-03-01', to: '2024-03-02' }, NOW, SH)).toEqual({
      from: Date.UTC(2024, 1, 29, 16),
      to: Date.UTC(2024, 2, 2, 16),
    });
    expect(rangeBounds({ kind: 'custom', from: '2024-03-08', to: '2024-03-10' }, NOW, SH).to).toBe(NOW - 15_000);
  });

  it('names spans by their two largest parts', () => {
    expect(spanParts(90_061_000)).toEqual([
      { unit: 'days', count: 1 },
      { unit: 'hours', count: 1 },
    ]);
  });
});
