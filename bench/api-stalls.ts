/**
 * Where a slow call of bench/api.ts waited (issue 26 part 1): sampled every 200 ms over the steady
 * window — the server's event-loop lag (`nodejs_eventloop_lag_max_seconds`, reset per scrape), its
 * PostgreSQL pool (`ess_db_pool_connections`) and, on PostgreSQL, the database's busy backends with
 * their wait events (`pg_stat_activity`). Each call slower than SLOW_MS is then matched with the
 * samples taken while it ran: a stall of the loop (CPU or a synchronous task), a queue for the
 * pool, the database busy, or none of these (the network, the client).
 */
import type pg from 'pg';

const SAMPLE_MS = 200;
/** A steady-window call this slow is examined. */
export const SLOW_MS = 200;
/** A loop delay at least this long during a slow call counts as the loop's stall. */
const LOOP_STALL_MS = 50;

type Sample = {
  at: number;
  loopLagMaxMs: number;
  poolWaiting: number;
  busyBackends: number;
  waits: string[];
  queries: string[];
};
export type SlowCall = { start: number; end: number };

const metric = (text: string, name: string): number | null => {
  const line = text.split('\n').find((l) => l.startsWith(name));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : null;
};

const ACTIVITY = `SELECT coalesce(wait_event_type || ':' || wait_event, 'cpu') AS wait,
    left(regexp_replace(query, '\\s+', ' ', 'g'), 70) AS query,
    extract(epoch FROM clock_timestamp() - query_start) * 1000 AS ms
  FROM pg_stat_activity
  WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'active'`;

/** Starts sampling the server at `base` (and its database through `pool`); `stop` ends it. */
export function sampleStalls(base: string, pool: pg.Pool | null) {
  const samples: Sample[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const at = performance.now();
      const [text, rows] = await Promise.all([
        fetch(`${base}/metrics`)
          .then((r) => r.text())
          .catch(() => ''),
        pool
          ? pool
              .query<{ wait: string; query: string; ms: number }>(ACTIVITY)
              .then((r) => r.rows)
              .catch(() => [])
          : Promise.resolve([]),
      ]);
      samples.push({
        at,
        loopLagMaxMs: (metric(text, 'nodejs_eventloop_lag_max_seconds') ?? 0) * 1000,
        poolWaiting: metric(text, 'ess_db_pool_connections{state="waiting"}') ?? 0,
        busyBackends: rows.length,
        waits: rows.map((r) => r.wait),
        // Statements running for 100 ms or more at the sample.
        queries: rows.filter((r) => r.ms >= 100).map((r) => r.query),
      });
      await new Promise((r) => setTimeout(r, Math.max(0, SAMPLE_MS - (performance.now() - at))));
    }
  })();
  return async (slow: SlowCall[]) => {
    running = false;
    await loop;
    return summarise(samples, slow);
  };
}

const top = (items: string[], n: number) => {
  const counts = new Map<string, number>();
  for (const i of items) counts.set(i, (counts.get(i) ?? 0) + 1);
  return Object.fromEntries([...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, n));
};

function summarise(samples: Sample[], slow: SlowCall[]) {
  const lags = samples.map((s) => s.loopLagMaxMs).sort((a, b) => a - b);
  const at = (s: Sample) => Number(((s.at - (samples[0]?.at ?? 0)) / 1000).toFixed(1));
  // A sample's lag covers the time since the previous scrape, so a call is matched with the
  // samples from its start to one period after its end.
  const during = (c: SlowCall) => samples.filter((s) => s.at >= c.start && s.at <= c.end + SAMPLE_MS);
  const cause = { loopStall: 0, poolQueue: 0, databaseBusy: 0, none: 0 };
  for (const c of slow) {
    const ss = during(c);
    if (ss.some((s) => s.loopLagMaxMs >= LOOP_STALL_MS)) cause.loopStall++;
    else if (ss.some((s) => s.poolWaiting > 0)) cause.poolQueue++;
    else if (ss.some((s) => s.queries.length > 0)) cause.databaseBusy++;
    else cause.none++;
  }
  return {
    samples: samples.length,
    loopLagMaxMs: Math.round(lags.at(-1) ?? 0),
    loopLagP90Ms: Math.round(lags[Math.floor(lags.length * 0.9)] ?? 0),
    samplesLoopStalled: samples.filter((s) => s.loopLagMaxMs >= LOOP_STALL_MS).length,
    samplesPoolQueued: samples.filter((s) => s.poolWaiting > 0).length,
    poolWaitingMax: Math.max(0, ...samples.map((s) => s.poolWaiting)),
    busyBackendsMax: Math.max(0, ...samples.map((s) => s.busyBackends)),
    waitEvents: top(
      samples.flatMap((s) => s.waits),
      8,
    ),
    longStatements: top(
      samples.flatMap((s) => s.queries),
      6,
    ),
    // When (seconds into the window): periodic work shows as a period here.
    loopStalledAtS: samples.filter((s) => s.loopLagMaxMs >= LOOP_STALL_MS).map((s) => at(s)),
    poolQueuedAtS: samples.filter((s) => s.poolWaiting > 0).map((s) => `${at(s)}:${s.poolWaiting}`),
    slowCalls: slow.length,
    slowCallsBy: cause,
  };
}
