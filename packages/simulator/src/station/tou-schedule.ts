import type { TouPeriod, TouSegment } from '@ess/contract';

export type StorageIntent = 'charge' | 'discharge' | 'idle';

const DAY_MIN = 1440;

/** A part of a window in one TOU period, minutes from the window's start. */
export type WindowPart = { from: number; to: number; period: TouPeriod };

/**
 * A stretch of the day in which storage does one thing (peak shaving / valley filling,
 * 削峰填谷): discharge through the peak and sharp periods, charge through the valleys, and
 * recharge in a flat stretch that lies between two discharge windows (two cycles a day).
 * `start` is a minute of the day; the window may run past midnight (`start + length` > 1440).
 */
export type TouWindow = { intent: StorageIntent; start: number; length: number; parts: WindowPart[] };

const minutes = (hhmm: string): number => {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};

type Run = { cls: 'charge' | 'discharge' | 'flat'; start: number; end: number; parts: TouSegment[] };

const classOf = (p: TouPeriod): Run['cls'] =>
  p === 'peak' || p === 'sharp' ? 'discharge' : p === 'valley' || p === 'deepValley' ? 'charge' : 'flat';

/**
 * The day's windows from a TOU cut (segments covering 00:00–24:00), in order, with runs of
 * the same kind merged across midnight. A cut without peaks has no discharge window.
 */
export function touWindows(segments: TouSegment[]): TouWindow[] {
  const sorted = [...segments].sort((a, b) => minutes(a.start) - minutes(b.start));
  const runs: Run[] = [];
  for (const s of sorted) {
    const cls = classOf(s.period);
    const last = runs.at(-1);
    if (last && last.cls === cls && last.end === minutes(s.start)) {
      last.end = minutes(s.end);
      last.parts.push(s);
    } else runs.push({ cls, start: minutes(s.start), end: minutes(s.end), parts: [s] });
  }
  // The evening's run continues into the morning's when both are of one kind.
  const first = runs[0];
  const last = runs.at(-1);
  if (runs.length > 1 && first && last && first.cls === last.cls && last.end === DAY_MIN && first.start === 0) {
    runs.pop();
    first.parts = [...last.parts, ...first.parts];
    first.start = last.start - DAY_MIN;
  }
  const n = runs.length;
  return runs.map((r, i) => {
    const before = runs[(i - 1 + n) % n];
    const after = runs[(i + 1) % n];
    let intent: StorageIntent = r.cls === 'charge' ? 'charge' : r.cls === 'discharge' ? 'discharge' : 'idle';
    // A flat stretch between two peaks refills the battery for the second peak.
    if (r.cls === 'flat' && n > 2 && before?.cls === 'discharge' && after?.cls === 'discharge') intent = 'charge';
    const start = (r.start + DAY_MIN) % DAY_MIN;
    let at = 0;
    const parts = r.parts.map((p) => {
      const len = (minutes(p.end) - minutes(p.start) + DAY_MIN) % DAY_MIN || DAY_MIN;
      const part = { from: at, to: at + len, period: p.period };
      at += len;
      return part;
    });
    return { intent, start, length: r.end - r.start, parts };
  });
}

/** Discharge windows a day: the cycles the tariff asks for. */
export const cyclesPerDay = (windows: TouWindow[]): number => windows.filter((w) => w.intent === 'discharge').length;

/** The window at a minute of the day, and how far into it that minute lies. */
export function windowAt(windows: TouWindow[], minuteOfDay: number): { window: TouWindow; offset: number } | null {
  for (const w of windows) {
    const offset = (minuteOfDay - w.start + DAY_MIN) % DAY_MIN;
    if (offset < w.length) return { window: w, offset };
  }
  return null;
}

/** What storage does at a minute of the day under the cut. */
export const scheduledIntent = (windows: TouWindow[], minuteOfDay: number): StorageIntent =>
  windowAt(windows, minuteOfDay)?.window.intent ?? 'idle';
