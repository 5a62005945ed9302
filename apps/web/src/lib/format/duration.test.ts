import { describe, expect, it } from 'vitest';
import { durationParts, durationText } from './duration';

const unit = (part: string, n: number) => `${n}${part[0]}`;

describe('durations', () => {
  it('splits minutes into days, hours and minutes', () => {
    expect(durationParts(0)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(durationParts(59)).toEqual({ days: 0, hours: 0, minutes: 59 });
    expect(durationParts(61)).toEqual({ days: 0, hours: 1, minutes: 1 });
    expect(durationParts(1440 + 180 + 5)).toEqual({ days: 1, hours: 3, minutes: 5 });
    expect(durationParts(-5)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });

  it('shows the two most significant parts and drops a zero second part', () => {
    expect(durationText(7, unit)).toBe('7m');
    expect(durationText(125, unit)).toBe('2h 5m');
    expect(durationText(120, unit)).toBe('2h');
    expect(durationText(1440 * 3 + 185, unit)).toBe('3d 3h');
    expect(durationText(1440 * 2 + 30, unit)).toBe('2d');
  });
});
