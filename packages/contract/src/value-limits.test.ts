import { describe, expect, it } from 'vitest';
import { DEVICE_MODELS } from './device-catalog';
import {
  CELL_LIMITS,
  CELL_SPREAD_LIMITS,
  DATA_AGE_LIMIT_MS,
  limitBreach,
  limitLevel,
  valueLimit,
} from './value-limits';

describe('value limits', () => {
  it('grades values against upper and lower limits, leaving missing values normal', () => {
    const spread = CELL_SPREAD_LIMITS.voltageMv;
    expect(limitLevel(spread.warnAbove, spread)).toBe('normal');
    expect(limitLevel(spread.warnAbove + 0.1, spread)).toBe('warning');
    expect(limitLevel(spread.alarmAbove + 0.1, spread)).toBe('alarm');
    const soh = CELL_LIMITS.soh;
    expect(limitLevel(soh.warnBelow - 0.1, soh)).toBe('warning');
    expect(limitLevel(soh.alarmBelow - 0.1, soh)).toBe('alarm');
    expect(limitLevel(null, soh)).toBe('normal');
    expect(limitLevel(Number.NaN, soh)).toBe('normal');
    expect(limitLevel(10, null)).toBe('normal');
    expect(limitLevel(DATA_AGE_LIMIT_MS.warnAbove + 1, DATA_AGE_LIMIT_MS)).toBe('warning');
  });

  it('names the limit a value is past, the alarm limit first', () => {
    const tmax = CELL_LIMITS.cellTmax;
    expect(limitBreach(tmax.alarmAbove + 1, tmax)).toEqual({ level: 'alarm', side: 'above', bound: tmax.alarmAbove });
    expect(limitBreach(tmax.warnAbove + 1, tmax)).toEqual({ level: 'warning', side: 'above', bound: tmax.warnAbove });
    const vmin = CELL_LIMITS.cellVmin;
    expect(limitBreach(vmin.alarmBelow - 0.01, vmin)).toEqual({
      level: 'alarm',
      side: 'below',
      bound: vmin.alarmBelow,
    });
    expect(limitBreach(vmin.warnBelow, vmin)).toBeNull();
  });

  it('gives every battery model its cell limits, each a valid limit inside the plausible range', () => {
    const batteries = DEVICE_MODELS.filter((m) => m.type === 'bms' || m.type === 'cabinet');
    expect(batteries.length).toBeGreaterThan(0);
    for (const model of batteries) {
      for (const [code, limit] of Object.entries(CELL_LIMITS)) {
        expect(model.points.find((p) => p.code === code)?.limit, `${model.code}.${code}`).toEqual(limit);
      }
    }
    for (const p of DEVICE_MODELS.flatMap((m) => m.points)) {
      if (!p.limit) continue;
      expect(valueLimit.safeParse(p.limit).success).toBe(true);
      const bounds = Object.values(p.limit);
      if (p.min !== undefined) expect(Math.min(...bounds)).toBeGreaterThanOrEqual(p.min);
      if (p.max !== undefined) expect(Math.max(...bounds)).toBeLessThanOrEqual(p.max);
    }
  });
});
