import { describe, expect, it } from 'vitest';
import { endpoints, inputPart } from './api';
import { timeFields } from './time-fields';
import { clockTime, EPOCH_MS_MAX, EPOCH_MS_MIN, epochMs, localDate } from './time-schema';

describe('the shared time schemas', () => {
  it('take instants within 2000-01-01 and 2200-01-01 only, whole milliseconds', () => {
    for (const ok of [EPOCH_MS_MIN, Date.UTC(2026, 0, 1), EPOCH_MS_MAX])
      expect(epochMs.safeParse(ok).success).toBe(true);
    for (const bad of [EPOCH_MS_MIN - 1, EPOCH_MS_MAX + 1, 0, -1, 8_640_000_000_000_000, -8_640_000_000_000_001, 1.5]) {
      expect(epochMs.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(epochMs.safeParse(0).error?.issues[0]?.message).toBe(
      'a time in epoch milliseconds from 2000-01-01 to 2200-01-01 (UTC)',
    );
  });

  it('take real calendar dates from 2000-01-01 to 2199-12-31', () => {
    for (const ok of ['2000-01-01', '2024-02-29', '2199-12-31']) expect(localDate.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['1999-12-31', '2200-01-01', '2023-02-29', '2024-13-01', '2024-1-1', '+275760-09-13', '']) {
      const r = localDate.safeParse(bad);
      expect(r.success, bad).toBe(false);
      // One message, whatever is wrong.
      expect(r.error?.issues.map((i) => i.message)).toEqual(['a date YYYY-MM-DD from 2000-01-01 to 2199-12-31']);
    }
  });

  it('take clock times 00:00 to 24:00', () => {
    for (const ok of ['00:00', '23:59', '24:00']) expect(clockTime.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['24:01', '7:00', '12:60', '']) expect(clockTime.safeParse(bad).success, bad).toBe(false);
  });
});

describe('time fields of the endpoint table', () => {
  const fields = Object.entries(endpoints).flatMap(([name, e]) => {
    const part = inputPart(e);
    return part ? timeFields(part.schema).map((f) => ({ at: `${name} ${part.part}.${f.path.join('.')}`, ...f })) : [];
  });

  it('are found where the calls take times', () => {
    const at = fields.map((f) => f.at);
    for (const known of [
      'commandPage body.from',
      'deliveryPage body.from',
      'deliver body.modifyTime',
      'incomeData body.from',
      'rateAdd body.segments.0.start',
      'stationAdd body.gridConnectionTime',
      'messageAdd body.playStartTime',
    ]) {
      expect(at).toContain(known);
    }
  });

  it('every input that is a time uses a shared time schema', () => {
    expect(fields.filter((f) => f.shape === null).map((f) => f.at)).toEqual([]);
  });
});
