import { useEffect, useState } from 'react';

/** The current time, renewed every `periodMs` while `active` (rolling ranges follow the clock). */
export function useNow(periodMs: number, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const id = setInterval(() => setNow(Date.now()), periodMs);
    return () => clearInterval(id);
  }, [periodMs, active]);
  return now;
}
