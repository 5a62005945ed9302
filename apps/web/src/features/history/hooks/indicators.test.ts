import { describe, expect, it } from 'vitest';
import { indicatorKey, nextSelection, parseIndicatorKey, seriesColor } from './indicators';

describe('indicator selection', () => {
  it('keeps the order of choice: kept ones first, new ones appended', () => {
    const current = [
      { deviceId: 2, code: 'soc' },
      { deviceId: 1, code: 'p' },
    ];
    const next = nextSelection(current, ['1:p', '3:cellVmax', '2:soc']);
    expect(next).toEqual({
      over: false,
      items: [
        { deviceId: 2, code: 'soc' },
        { deviceId: 1, code: 'p' },
        { deviceId: 3, code: 'cellVmax' },
      ],
    });
    expect(nextSelection(current, ['1:p']).items).toEqual([{ deviceId: 1, code: 'p' }]);
  });

  it('refuses more than 50 indicators (spec 9) and keeps the current selection', () => {
    const keys = Array.from({ length: 51 }, (_, i) => `1:c${i}`);
    const over = nextSelection([], keys);
    expect(over).toEqual({ items: [], over: true });
    expect(nextSelection([], keys.slice(0, 50)).items).toHaveLength(50);
  });

  it('round-trips keys and ignores what is not a point key', () => {
    expect(parseIndicatorKey(indicatorKey({ deviceId: 12, code: 'cellVmax' }))).toEqual({
      deviceId: 12,
      code: 'cellVmax',
    });
    expect(parseIndicatorKey('device:12')).toBeNull();
    expect(nextSelection([], ['device:3', '3:p']).items).toEqual([{ deviceId: 3, code: 'p' }]);
  });

  it('gives 50 different colours', () => {
    expect(new Set(Array.from({ length: 50 }, (_, i) => seriesColor(i))).size).toBe(50);
  });
});
