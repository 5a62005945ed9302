/**
 * Charts draw times in the browser's zone, but a station's day is its own (e.g. a Shanghai
 * station watched from Europe). `wallClock(ts, zone)` gives the instant whose UTC reading equals
 * the station's local clock at `ts`; drawn with ECharts `useUTC`, the axis shows station time.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function wallClock(ts: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(new Date(ts))
      .map((p) => [p.type, p.value]),
  );
  const utc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  // Keep the milliseconds the formatter drops.
  return utc + (((ts % 1000) + 1000) % 1000);
}
