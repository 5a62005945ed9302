import { describe, expect, it } from 'vitest';
import { PROVINCE_TOU_TEMPLATES } from './demo-tariffs';
import { checkTouSegments, TOU_PERIODS } from './tou';

describe('demo province tariffs', () => {
  it('cover the day without gaps or overlaps, and price every period they use', () => {
    for (const t of PROVINCE_TOU_TEMPLATES) {
      expect(checkTouSegments(t.segments), t.code).toBeNull();
      for (const s of t.segments) expect(t.prices[s.period], `${t.code} ${s.period}`).toBeGreaterThan(0);
      // Peaks dearer than valleys, as a tariff that pays storage to shift energy is.
      expect(t.prices.peak).toBeGreaterThan(t.prices.valley);
      expect(TOU_PERIODS).toEqual(expect.arrayContaining(t.segments.map((s) => s.period)));
    }
    const stations = PROVINCE_TOU_TEMPLATES.flatMap((t) => t.stations);
    expect(new Set(stations).size).toBe(stations.length);
  });
});
