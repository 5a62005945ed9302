/** Days, hours and minutes of a duration given in whole minutes (an offline time, a time to empty). */
export function durationParts(minutes: number): { days: number; hours: number; minutes: number } {
  const m = Math.max(0, Math.floor(minutes));
  return { days: Math.floor(m / 1440), hours: Math.floor((m % 1440) / 60), minutes: m % 60 };
}

/** The two most significant parts, e.g. "2 d 3 h", "5 h 12 min", "7 min": enough for a glance. */
export function durationText(
  minutes: number,
  unit: (part: 'days' | 'hours' | 'minutes', count: number) => string,
): string {
  const p = durationParts(minutes);
  if (p.days > 0) return p.hours > 0 ? `${unit('days', p.days)} ${unit('hours', p.hours)}` : unit('days', p.days);
  if (p.hours > 0)
    return p.minutes > 0 ? `${unit('hours', p.hours)} ${unit('minutes', p.minutes)}` : unit('hours', p.hours);
  return unit('minutes', p.minutes);
}
