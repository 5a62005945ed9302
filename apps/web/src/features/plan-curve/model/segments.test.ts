import type { PlanCurveSegment } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { END_TIMES, nextSegment, overlappingRows, planSteps, rowProblems, START_TIMES } from './segments';

const seg = (start: string, end: string, powerKw = 0, socMin = 10, socMax = 90): PlanCurveSegment => ({
  start,
  end,
  powerKw,
  socMin,
  socMax,
});

describe('plan segments in the editor', () => {
  it('offers quarter hours from 00:00 and up to 24:00', () => {
    expect(START_TIMES).toHaveLength(96);
    expect(START_TIMES[0]).toBe('00:00');
    expect(START_TIMES[95]).toBe('23:45');
    expect(END_TIMES[0]).toBe('00:15');
    expect(END_TIMES[95]).toBe('24:00');
  });

  it('adds the hour after the latest end', () => {
    expect(nextSegment([])).toMatchObject({ start: '00:00', end: '01:00' });
    expect(nextSegment([seg('08:00', '10:30')])).toMatchObject({ start: '10:30', end: '11:30' });
    expect(nextSegment([seg('22:00', '24:00')])).toMatchObject({ start: '23:45', end: '24:00' });
  });

  it('marks both rows of an overlap and each row its own problem', () => {
    const rows = [
      seg('00:00', '02:00'),
      seg('01:00', '03:00'),
      seg('03:00', '04:00', 0, 80, 20),
      seg('05:00', '04:00'),
    ];
    expect([...overlappingRows(rows)].sort()).toEqual([0, 1]);
    const p = rowProblems(rows);
    expect(p.get(0)).toBe('segmentsOverlap');
    expect(p.get(1)).toBe('segmentsOverlap');
    expect(p.get(2)).toBe('socOrder');
    expect(p.get(3)).toBe('segmentOrder');
    expect(rowProblems([seg('00:00', '01:00', 100_000_000)]).get(0)).toBe('valueRange');
  });

  it('draws the plan over the day with 0 in the gaps', () => {
    expect(planSteps([seg('08:00', '10:00', -500), seg('10:00', '12:00', 300)])).toEqual([
      [0, 0],
      [480, 0],
      [480, -500],
      [600, -500],
      [600, 300],
      [720, 300],
      [720, 0],
      [1440, 0],
    ]);
  });
});
