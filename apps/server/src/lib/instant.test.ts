import { EPOCH_MS_MAX, EPOCH_MS_MIN } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { tstz } from '../domains/stations/device/query-rows';
import { AppError } from './app-error';
import { instant } from './instant';

describe('instant: the Date a query filters on', () => {
  it('is the time itself within the platform range', () => {
    for (const ms of [EPOCH_MS_MIN, Date.UTC(2026, 5, 1, 12), EPOCH_MS_MAX])
      expect(instant(ms, 'from').getTime()).toBe(ms);
  });

  // 8.64e15 is a valid Date whose ISO text (+275760-…) PostgreSQL cannot read; one more is no Date at all.
  it.each([8_640_000_000_000_000, -8_640_000_000_000_001, 8_640_000_000_000_001, Number.NaN, EPOCH_MS_MAX + 1, 0])(
    'refuses %s with a 400 naming the field, as a Date or timestamptz parameter alike',
    (ms) => {
      for (const convert of [() => instant(ms, 'from'), () => tstz(ms, 'from')]) {
        try {
          convert();
          expect.unreachable();
        } catch (err) {
          expect(err).toBeInstanceOf(AppError);
          expect(err).toMatchObject({
            status: 400,
            code: 400,
            key: 'badRequest',
            params: { detail: 'from: a time in epoch milliseconds from 2000-01-01 to 2200-01-01 (UTC)' },
          });
        }
      }
    },
  );
});
