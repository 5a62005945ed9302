const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Parses `500ms`, `10s`, `5m`, `2h`, `30d` (a bare number is seconds) to milliseconds; null if malformed. */
export function parseDuration(text: string): number | null {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * (UNITS[m[2] ?? 's'] ?? 1000);
}
