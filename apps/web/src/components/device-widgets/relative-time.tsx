import { useEffect, useReducer } from 'react';
import { useFormat } from '@/lib/format/use-format';

const TICK_MS = 15_000;

/**
 * "3 minutes ago", kept current on its own: a device that stopped reporting does not re-render
 * its card, yet the age of its last value must keep growing.
 */
export function RelativeTime({ ts, render }: { ts: number; render?: (ago: string) => string }) {
  const fmt = useFormat();
  const [, tick] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const id = setInterval(tick, TICK_MS);
    return () => clearInterval(id);
  }, []);
  const ago = fmt.ago(ts);
  return <>{render ? render(ago) : ago}</>;
}
