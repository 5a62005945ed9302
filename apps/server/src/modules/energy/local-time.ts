/** Calendar arithmetic in a station's time zone (IANA name), without a date library. */

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (tz: string): Intl.DateTimeFormat => {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
};

/** Local wall-clock fields of an instant. */
function fields(ms: number, tz: string): { y: number; m: number; d: number; h: number; min: number } {
  const parts = Object.fromEntries(
    formatter(tz)
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return {
    y: Number(parts.year),
    m: Number(parts.month),
    d: Number(parts.day),
    h: Number(parts.hour),
    min: Number(parts.minute),
  };
}

/** The zone's offset from UTC at an instant, in ms (minutes precision). */
function offsetAt(ms: number, tz: string): number {
  const f = fields(ms, tz);
  return Date.UTC(f.y, f.m - 1, f.d, f.h, f.min) - Math.floor(ms / 60_000) * 60_000;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar date (YYYY-MM-DD) of an instant. */
export function localDateOf(ms: number, tz: string): string {
  const f = fields(ms, tz);
  return `${f.y}-${pad(f.m)}-${pad(f.d)}`;
}

/** The instant local midnight begins `date` (YYYY-MM-DD) in the zone. */
export function zonedMidnight(date: string, tz: string): number {
  const utc = Date.parse(`${date}T00:00:00Z`);
  const guess = utc - offsetAt(utc, tz);
  // A second pass settles days whose offset differs from the UTC instant's (DST changes).
  return utc - offsetAt(guess, tz);
}

export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}
