import { MAX_INCOME_DAYS } from '@ess/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { daysIn, includesDay, presetRange, rangeProblem } from './income-range';

const today = dayjs('2026-03-15');

describe('income ranges', () => {
  it('ends every preset today', () => {
    expect(presetRange('last7', today)).toEqual({ from: '2026-03-09', to: '2026-03-15' });
    expect(presetRange('last30', today)).toEqual({ from: '2026-02-14', to: '2026-03-15' });
    expect(presetRange('month', today)).toEqual({ from: '2026-03-01', to: '2026-03-15' });
    expect(presetRange('last3Months', today)).toEqual({ from: '2025-12-16', to: '2026-03-15' });
    expect(presetRange('year', today)).toEqual({ from: '2026-01-01', to: '2026-03-15' });
    expect(presetRange('custom', today)).toBeNull();
    expect(daysIn({ from: '2026-03-09', to: '2026-03-15' })).toBe(7);
    expect(daysIn({ from: '2026-02-14', to: '2026-03-15' })).toBe(30);
  });

  it('refuses a reversed or too long custom range', () => {
    expect(rangeProblem(null)).toBe('missing');
    expect(rangeProblem({ from: '2026-03-02', to: '2026-03-01' })).toBe('order');
    const last = dayjs('2024-01-01')
      .add(MAX_INCOME_DAYS - 1, 'day')
      .format('YYYY-MM-DD');
    expect(rangeProblem({ from: '2024-01-01', to: last })).toBeNull();
    const over = dayjs('2024-01-01').add(MAX_INCOME_DAYS, 'day').format('YYYY-MM-DD');
    expect(rangeProblem({ from: '2024-01-01', to: over })).toBe('tooLong');
    expect(includesDay({ from: '2026-03-01', to: '2026-03-15' }, '2026-03-15')).toBe(true);
    expect(includesDay({ from: '2026-03-01', to: '2026-03-14' }, '2026-03-15')).toBe(false);
  });
});
