import { type PlanCurveProblem, type PlanCurveSegment, planMinute, planSegmentsProblem } from '@ess/contract';

/** The plan editor's clock: quarter hours of the local day, as the station's EMS runs them. */
const STEP = 15;
const DAY = 24 * 60;

export const toClock = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Start times a segment may take (00:00 … 23:45) and end times (00:15 … 24:00). */
export const START_TIMES: readonly string[] = Array.from({ length: DAY / STEP }, (_, i) => toClock(i * STEP));
export const END_TIMES: readonly string[] = Array.from({ length: DAY / STEP }, (_, i) => toClock((i + 1) * STEP));

/** A new segment: the hour after the latest end (or from 00:00), idle, with a wide SOC window. */
export function nextSegment(segments: readonly PlanCurveSegment[]): PlanCurveSegment {
  const last = segments.reduce((m, s) => Math.max(m, planMinute(s.end)), 0);
  const start = Math.min(last, DAY - STEP);
  return { start: toClock(start), end: toClock(Math.min(start + 60, DAY)), powerKw: 0, socMax: 90, socMin: 10 };
}

/** Rows of the template whose interval meets another row's (both get the overlap mark). */
export function overlappingRows(segments: readonly PlanCurveSegment[]): Set<number> {
  const out = new Set<number>();
  segments.forEach((a, i) => {
    segments.forEach((b, j) => {
      if (i < j && planMinute(a.start) < planMinute(b.end) && planMinute(b.start) < planMinute(a.end)) {
        out.add(i);
        out.add(j);
      }
    });
  });
  return out;
}

/**
 * What is wrong with each row, by the contract's rules: its own fields first (order, range, SOC),
 * then an overlap with another row. A row with nothing wrong is absent.
 */
export function rowProblems(segments: readonly PlanCurveSegment[]): Map<number, PlanCurveProblem> {
  const out = new Map<number, PlanCurveProblem>();
  segments.forEach((s, i) => {
    const own = planSegmentsProblem([s]);
    if (own) out.set(i, own);
  });
  for (const i of overlappingRows(segments)) if (!out.has(i)) out.set(i, 'segmentsOverlap');
  return out;
}

/**
 * The planned power over the day as [minute, kW] points: flat over each segment, 0 where no
 * segment runs (the EMS idles there), vertical where one segment meets the next.
 */
export function planSteps(segments: readonly PlanCurveSegment[]): [number, number][] {
  const sorted = [...segments]
    .filter((s) => planMinute(s.end) > planMinute(s.start) && Number.isFinite(s.powerKw))
    .sort((a, b) => planMinute(a.start) - planMinute(b.start));
  const out: [number, number][] = [];
  let at = 0;
  for (const s of sorted) {
    const start = Math.max(planMinute(s.start), at);
    const end = planMinute(s.end);
    if (end <= start) continue;
    if (start > at) out.push([at, 0], [start, 0]);
    out.push([start, s.powerKw], [end, s.powerKw]);
    at = end;
  }
  if (at < DAY) out.push([at, 0], [DAY, 0]);
  return out;
}
