import { localClock, type NotifyChannel } from '@ess/contract';

/** When a chain notifies and what quiet hours hold back: pure arithmetic, shared by the engine and tests. */

export type StepTiming = { delayMinutes: number; repeatMinutes: number };

const MINUTE_MS = 60_000;

/** Index of the step in force `elapsedMs` after the raise (the last one begun), or -1 before the first. */
export function currentStep(steps: readonly StepTiming[], elapsedMs: number): number {
  let at = -1;
  steps.forEach((s, i) => {
    if (s.delayMinutes * MINUTE_MS <= elapsedMs) at = i;
  });
  return at;
}

/**
 * The next time after `now` the chain notifies: the step's next repeat on its own grid (start +
 * k × repeat, so a late tick does not shift later ones), or the start of the next step,
 * whichever is first; null when nothing is left. Missed rounds are not caught up: after a
 * downtime one notice goes out, then the grid resumes.
 */
export function nextDue(steps: readonly StepTiming[], raisedAt: number, now: number): number | null {
  const i = currentStep(steps, now - raisedAt);
  if (i < 0) {
    const first = steps[0];
    return first ? raisedAt + first.delayMinutes * MINUTE_MS : null;
  }
  const step = steps[i];
  if (!step) return null;
  const start = raisedAt + step.delayMinutes * MINUTE_MS;
  const following = steps[i + 1];
  const nextStep = following ? raisedAt + following.delayMinutes * MINUTE_MS : null;
  let repeat: number | null = null;
  if (step.repeatMinutes > 0) {
    const every = step.repeatMinutes * MINUTE_MS;
    repeat = start + (Math.floor((now - start) / every) + 1) * every;
  }
  if (repeat === null) return nextStep;
  if (nextStep === null) return repeat;
  return Math.min(repeat, nextStep);
}

/** Whether minute-of-day `minute` lies in a quiet window [start, end), which may wrap past midnight. */
export function inQuietWindow(minute: number, start: number, end: number): boolean {
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** A user's quiet hours as stored: minutes after local midnight in `timezone`. */
export type QuietHours = { startMinute: number; endMinute: number; timezone: string; allowCritical: boolean };

/**
 * The events quiet hours hold back on `channel` at `now`: e-mail and SMS in the user's window,
 * in their zone; level-1 alarms pass when the user allows them. In-app is never held: it makes
 * no noise.
 */
export function heldByQuietHours<E extends { level: number }>(
  q: QuietHours | undefined,
  channel: NotifyChannel,
  now: number,
  events: readonly E[],
): E[] {
  if (!q || channel === 'inapp') return [];
  if (!inQuietWindow(localClock(now, q.timezone).minuteOfDay, q.startMinute, q.endMinute)) return [];
  return q.allowCritical ? events.filter((e) => e.level !== 1) : [...events];
}
