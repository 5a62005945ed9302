import { TOU_PERIODS, type TouPeriod, type TouSegment } from '@ess/contract';

/**
 * The period cut as the editor holds it: segments in order, each starting where the previous
 * ended, the first at 00:00 and the last ending at 24:00. Every edit keeps that shape, so the
 * editor cannot produce a gap or an overlap; the shared rules still check what it sends.
 */
const STEP = 15;
const DAY = 24 * 60;

export const toMinutes = (t: string): number => {
  const [h = '0', m = '0'] = t.split(':');
  return Number(h) * 60 + Number(m);
};
export const toClock = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Sorted by start (a template from the server may list its segments in any order). */
export const ordered = (segments: TouSegment[]): TouSegment[] =>
  [...segments].sort((a, b) => toMinutes(a.start) - toMinutes(b.start));

/** The quarter hours a segment's end may move to: after its start, before the next one's end. */
export function endChoices(segments: TouSegment[], index: number): string[] {
  const s = segments[index];
  if (!s) return [];
  const next = segments[index + 1];
  const last = next ? toMinutes(next.end) - STEP : DAY;
  const out: string[] = [];
  for (let m = toMinutes(s.start) + STEP; m <= last; m += STEP) out.push(toClock(m));
  return out;
}

/** Moves the end of segment `index` (and the start of the next with it). */
export function setEnd(segments: TouSegment[], index: number, end: string): TouSegment[] {
  return segments.map((s, i) => (i === index ? { ...s, end } : i === index + 1 ? { ...s, start: end } : s));
}

export const setPeriod = (segments: TouSegment[], index: number, period: TouPeriod): TouSegment[] =>
  segments.map((s, i) => (i === index ? { ...s, period } : s));

/** Cuts a segment in two at its middle quarter hour; one of a single quarter stays whole. */
export function split(segments: TouSegment[], index: number): TouSegment[] {
  const s = segments[index];
  if (!s) return segments;
  const start = toMinutes(s.start);
  const end = toMinutes(s.end);
  const mid = start + Math.floor((end - start) / 2 / STEP) * STEP;
  if (mid <= start) return segments;
  const cut = toClock(mid);
  return [...segments.slice(0, index), { ...s, end: cut }, { ...s, start: cut }, ...segments.slice(index + 1)];
}

/** Removes a segment: the previous one grows over its hours (the next one, for the first). */
export function remove(segments: TouSegment[], index: number): TouSegment[] {
  const s = segments[index];
  if (!s || segments.length < 2) return segments;
  if (index === 0) return segments.slice(1).map((n, i) => (i === 0 ? { ...n, start: s.start } : n));
  return segments.flatMap((n, i) => (i === index ? [] : i === index - 1 ? [{ ...n, end: s.end }] : [n]));
}

/** Hours per period of the cut (the preview under the bar), periods that occur only. */
export function hoursByPeriod(segments: TouSegment[]): { period: TouPeriod; hours: number }[] {
  return TOU_PERIODS.map((period) => ({
    period,
    hours: segments
      .filter((s) => s.period === period)
      .reduce((sum, s) => sum + (toMinutes(s.end) - toMinutes(s.start)) / 60, 0),
  })).filter((p) => p.hours > 0);
}
