/** "1, 10, 100" → [1, 10, 100] when increasing whole numbers from 1 to 100 ending at 100; else null. */
export function parseWaves(text: string): number[] | null {
  const parts = text
    .split(/[,，\s]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0 || parts.length > 10 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const waves = parts.map(Number);
  const ok = waves.every((w, i) => w >= 1 && w <= 100 && (i === 0 || w > (waves[i - 1] ?? 0)));
  return ok && waves[waves.length - 1] === 100 ? waves : null;
}
