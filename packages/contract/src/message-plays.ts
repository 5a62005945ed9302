import type { FrequencyUnit } from './message';

const UNIT_MS: Record<Exclude<FrequencyUnit, 'month'>, number> = {
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
};

/** The k-th play of a message: `start` plus k periods (calendar months keep the day, clamped). */
function playAt(start: number, k: number, frequency: number, unit: FrequencyUnit): number {
  if (unit !== 'month') return start + k * frequency * UNIT_MS[unit];
  const d = new Date(start);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + k * frequency);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.getTime();
}

/**
 * When a message last "played" (popped up to its recipients) at `now`: its play start, then
 * every `frequency` `unit`s until its play end; null before the start or after the end. The
 * bells pop an unread message up at each play, so it comes back until it is read.
 */
export function lastPlayAt(
  m: { start: number; end: number; frequency: number; unit: FrequencyUnit },
  now: number,
): number | null {
  if (now < m.start || now > m.end || !(m.frequency > 0)) return null;
  let k =
    m.unit === 'month'
      ? Math.floor((now - m.start) / (28 * UNIT_MS.day * m.frequency))
      : Math.floor((now - m.start) / (m.frequency * UNIT_MS[m.unit]));
  // Months differ in length: step from the estimate to the last play not after now.
  while (playAt(m.start, k + 1, m.frequency, m.unit) <= now) k++;
  while (k > 0 && playAt(m.start, k, m.frequency, m.unit) > now) k--;
  return playAt(m.start, k, m.frequency, m.unit);
}
