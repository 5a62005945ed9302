import { useEffect, useState } from 'react';

/**
 * The current time, renewed every `periodMs` while `active`: rolling ranges ("today", "last
 * 7 days") follow the clock, "x minutes ago" texts age on screen, a clock ticks. Only the
 * component that calls it re-renders.
 */
export function useNow(periodMs: number, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const id = setInterval(() => setNow(Date.now()), periodMs);
    return () => clearInterval(id);
  }, [periodMs, active]);
  return now;
}
