import { useEffect, useState } from 'react';

/** The current time, refreshed every `everyMs`, for "x minutes ago" texts that age on screen. */
export function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
