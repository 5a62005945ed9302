import { useEffect, useState } from 'react';

/** The current time, updated once a minute: rolling ranges ("today", "last 7 days") follow it. */
export function useRollingMinute(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
