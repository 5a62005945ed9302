import { EXAMPLE_TOU_SEGMENTS, rateSegmentsProblem, type TouSegment } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { endChoices, hoursByPeriod, remove, setEnd, setPeriod, split } from './segment-model';

const DAY: TouSegment[] = [{ start: '00:00', end: '24:00', period: 'flat' }];

describe('the period cut editor keeps the day covered exactly once', () => {
  it('splits a segment at its middle quarter hour and removes one into its neighbour', () => {
    const two = split(DAY, 0);
    expect(two).toEqual([
      { start: '00:00', end: '12:00', period: 'flat' },
      { start: '12:00', end: '24:00', period: 'flat' },
    ]);
    const three = split(two, 0);
    expect(three.map((s) => s.end)).toEqual(['06:00', '12:00', '24:00']);
    expect(remove(three, 1).map((s) => [s.start, s.end])).toEqual([
      ['00:00', '12:00'],
      ['12:00', '24:00'],
    ]);
    expect(remove(three, 0).map((s) => [s.start, s.end])).toEqual([
      ['00:00', '12:00'],
      ['12:00', '24:00'],
    ]);
    expect(remove(DAY, 0)).toEqual(DAY);
    expect(
      split([{ start: '00:00', end: '00:15', period: 'flat' }, { ...DAY[0], start: '00:15' } as TouSegment], 0),
    ).toHaveLength(2);
    for (const cut of [two, three, remove(three, 1), remove(three, 0)]) expect(rateSegmentsProblem(cut)).toBeNull();
  });

  it('moves an end with the next start, within the quarter hours between its neighbours', () => {
    const choices = endChoices(EXAMPLE_TOU_SEGMENTS, 1);
    expect(choices[0]).toBe('08:15');
    expect(choices.at(-1)).toBe('16:45');
    const moved = setEnd(EXAMPLE_TOU_SEGMENTS, 1, '09:30');
    expect(moved[1]).toMatchObject({ start: '08:00', end: '09:30' });
    expect(moved[2]).toMatchObject({ start: '09:30', end: '17:00' });
    expect(rateSegmentsProblem(moved)).toBeNull();
    expect(setPeriod(moved, 0, 'deepValley')[0]?.period).toBe('deepValley');
  });

  it('adds up the hours per period for the preview', () => {
    expect(hoursByPeriod(EXAMPLE_TOU_SEGMENTS)).toEqual([
      { period: 'peak', hours: 7 },
      { period: 'flat', hours: 9 },
      { period: 'valley', hours: 8 },
    ]);
  });
});
