import { describe, expect, it } from 'vitest';
import {
  type PlanCurveSegment,
  planCurveConfig,
  planCurveProblem,
  planMaxPowerKw,
  planSegmentAt,
  planSegmentsProblem,
} from './plan-curve';

const seg = (start: string, end: string, powerKw = -100, socMin = 10, socMax = 90): PlanCurveSegment => ({
  start,
  end,
  powerKw,
  socMin,
  socMax,
});

describe('plan curve validation (spec 5)', () => {
  it('accepts separate segments, gaps and a last one ending at 24:00', () => {
    expect(planSegmentsProblem([seg('00:00', '06:00'), seg('10:00', '12:00', 200), seg('22:00', '24:00')])).toBeNull();
    // Touching ends are not an overlap.
    expect(planSegmentsProblem([seg('06:00', '08:00'), seg('00:00', '06:00')])).toBeNull();
  });

  it('names the first problem', () => {
    expect(planSegmentsProblem([])).toBe('segmentsEmpty');
    expect(planSegmentsProblem([seg('08:00', '08:00')])).toBe('segmentOrder');
    expect(planSegmentsProblem([seg('09:00', '08:00')])).toBe('segmentOrder');
    expect(planSegmentsProblem([seg('00:00', '08:00'), seg('07:45', '09:00')])).toBe('segmentsOverlap');
    expect(planSegmentsProblem([seg('10:00', '12:00'), seg('00:00', '24:00')])).toBe('segmentsOverlap');
    expect(planSegmentsProblem([seg('00:00', '01:00', 1, 60, 40)])).toBe('socOrder');
    expect(planSegmentsProblem([seg('00:00', '01:00', 1, -1, 40)])).toBe('socRange');
    expect(planSegmentsProblem([seg('00:00', '01:00', 1, 0, 100.5)])).toBe('socRange');
    expect(planSegmentsProblem([seg('00:00', '01:00', 100_000_000)])).toBe('valueRange');
    expect(planSegmentsProblem([seg('00:00', '01:00', -99_999_999)])).toBeNull();
    expect(planSegmentsProblem([seg('00:00', '01:00', Number.NaN)])).toBe('valueRange');
    // SOC lower = upper is allowed (spec: lower may not exceed upper).
    expect(planSegmentsProblem([seg('00:00', '01:00', 1, 50, 50)])).toBeNull();
  });

  it('requires a number and a name', () => {
    expect(planCurveProblem({ code: ' ', name: 'x', segments: [seg('00:00', '01:00')] })).toBe('codeRequired');
    expect(planCurveProblem({ code: 'PC1', name: '', segments: [seg('00:00', '01:00')] })).toBe('nameRequired');
    expect(planCurveProblem({ code: 'PC1', name: 'x', segments: [] })).toBe('segmentsEmpty');
  });

  it('finds the segment of a minute and the largest power', () => {
    const s = [seg('00:00', '06:00', -300), seg('17:00', '24:00', 450)];
    expect(planSegmentAt(s, 0)?.powerKw).toBe(-300);
    expect(planSegmentAt(s, 359)?.powerKw).toBe(-300);
    expect(planSegmentAt(s, 360)).toBeNull();
    expect(planSegmentAt(s, 1439)?.powerKw).toBe(450);
    expect(planMaxPowerKw(s)).toBe(450);
  });

  it('the command config needs a number and at least one segment', () => {
    expect(
      planCurveConfig.safeParse({ code: 'PC1', name: 'x', version: 1, segments: [seg('00:00', '01:00')] }).success,
    ).toBe(true);
    expect(planCurveConfig.safeParse({ code: 'PC1', name: 'x', version: 1, segments: [] }).success).toBe(false);
    expect(
      planCurveConfig.safeParse({ code: 'PC1', name: 'x', version: 1, segments: [seg('00:00', '25:00')] }).success,
    ).toBe(false);
  });
});
