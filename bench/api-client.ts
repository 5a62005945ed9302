/**
 * HTTP calls of the simulated operators (bench/api.ts), made as the web app's API client makes
 * them (apps/web/src/lib/api/client.ts): path, input part and method from the contract's entry,
 * bearer token, `lang` header, JSON body. Each call's latency and failure go to a Recorder.
 */
import {
  type Endpoint,
  type EndpointInput,
  endpointPath,
  inputPart,
  REQUEST_TIMEOUT_MS,
  ResultCode,
} from '@ess/contract';
import { SLOW_MS, type SlowCall } from './api-stalls';
import { percentile } from './load-process';

/** What counts as an error: HTTP status, envelope code, no answer in time (the web client's limit), no connection, live socket. */
export type Failure = 'http' | 'code' | 'timeout' | 'network' | 'socket';

type CallStats = {
  ms: number[];
  allMs: number[];
  calls: number;
  errors: Record<Failure, number>;
  steadyErrors: number;
};
const noErrors = (): Record<Failure, number> => ({ http: 0, code: 0, timeout: 0, network: 0, socket: 0 });

/**
 * Latencies and failures per call name. Latencies count from `measureFrom` (the end of the
 * ramp, when every operator is in) to `measureTo`; failures count over the whole run, since a
 * sign-in or page load that fails during the ramp is as much an error as one after it.
 */
export class Recorder {
  measureFrom = Number.POSITIVE_INFINITY;
  measureTo = Number.POSITIVE_INFINITY;
  /** Steady-window calls of SLOW_MS or more, for bench/api-stalls.ts to explain. */
  readonly slow: SlowCall[] = [];
  private readonly stats = new Map<string, CallStats>();

  private of(name: string): CallStats {
    let s = this.stats.get(name);
    if (!s) {
      s = { ms: [], allMs: [], calls: 0, errors: noErrors(), steadyErrors: 0 };
      this.stats.set(name, s);
    }
    return s;
  }

  /** A call that started at `start` and ended at `end` (performance.now()), failed with `failure` if given. */
  call(name: string, start: number, end: number, failure?: Failure): void {
    const s = this.of(name);
    s.calls++;
    const steady = start >= this.measureFrom && end <= this.measureTo;
    if (failure) {
      s.errors[failure]++;
      if (steady) s.steadyErrors++;
    }
    if (steady) s.ms.push(end - start);
    if (steady && end - start >= SLOW_MS) this.slow.push({ start, end });
    s.allMs.push(end - start);
  }

  /** A live socket that could not open or was closed by the server. */
  socketFailed(name: string): void {
    const s = this.of(name);
    s.errors.socket++;
    const now = performance.now();
    if (now >= this.measureFrom && now <= this.measureTo) s.steadyErrors++;
  }

  /** Every measured latency, every error, and the same per call name. */
  summary() {
    const all = [...this.stats.values()].flatMap((s) => s.ms).sort((a, b) => a - b);
    const errorsOf = (s: CallStats) => Object.values(s.errors).reduce((a, b) => a + b, 0);
    const perCall = Object.fromEntries(
      [...this.stats.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, s]) => {
          const ms = [...s.ms].sort((a, b) => a - b);
          const allMs = [...s.allMs].sort((a, b) => a - b);
          const failures = Object.entries(s.errors).filter(([, n]) => n > 0);
          return [
            name,
            {
              p50Ms: round(percentile(ms, 50)),
              p99Ms: round(percentile(ms, 99)),
              measured: ms.length,
              // Over the whole run, ramp and page loads included (failed calls too, up to their timeout).
              runP50Ms: round(percentile(allMs, 50)),
              runP99Ms: round(percentile(allMs, 99)),
              calls: s.calls,
              errors: errorsOf(s),
              steadyErrors: s.steadyErrors,
              ...(failures.length > 0 ? { failures: Object.fromEntries(failures) } : {}),
            },
          ];
        }),
    );
    return {
      p50Ms: round(percentile(all, 50)),
      p99Ms: round(percentile(all, 99)),
      measured: all.length,
      errors: [...this.stats.values()].reduce((n, s) => n + errorsOf(s), 0),
      /** Of those, the ones in the steady window. */
      steadyErrors: [...this.stats.values()].reduce((n, s) => n + s.steadyErrors, 0),
      perCall,
    };
  }
}

const round = (x: number) => (Number.isNaN(x) ? null : Math.round(x * 10) / 10);

/**
 * At most `size` calls of one operator in flight: a browser opens six connections to an origin,
 * and a page's burst of calls queues behind them (the wait counts in the call's latency, as the
 * user waits for it too).
 */
export class Lane {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly size: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((r) => this.waiting.push(r));
    this.active++;
    try {
      return await task();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

export type CallResult = { ok: true; data: unknown } | { ok: false; failure: Failure };

/** One call of `entry` with `input` in its input part, as the web client sends it; recorded under the entry's path. */
export async function callEndpoint<E extends Endpoint>(
  o: { base: string; token: string | null; lane: Lane; rec: Recorder },
  entry: E,
  input: EndpointInput<E>,
): Promise<CallResult> {
  const part = inputPart(entry)?.part;
  const fields = input && typeof input === 'object' ? (input as Record<string, unknown>) : {};
  let url = `${o.base}/api${endpointPath(entry, part === 'params' ? fields : undefined)}`;
  if (part === 'query') {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) q.set(k, String(v));
    if (q.size > 0) url += `?${q}`;
  }
  const headers: Record<string, string> = { lang: 'en_US', accept: 'application/json' };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (part === 'body') headers['content-type'] = 'application/json';
  const body = part === 'body' ? JSON.stringify(input ?? {}) : undefined;
  const name = `${entry.method} ${entry.path}`;

  return o.lane.run(async () => {
    const start = performance.now();
    const done = (r: CallResult): CallResult => {
      o.rec.call(name, start, performance.now(), r.ok ? undefined : r.failure);
      return r;
    };
    try {
      const res = await fetch(url, {
        method: entry.method,
        headers,
        body,
        signal: AbortSignal.timeout(entry.timeoutMs ?? REQUEST_TIMEOUT_MS),
      });
      const text = await res.text();
      if (!res.ok) return done({ ok: false, failure: 'http' });
      const envelope = JSON.parse(text) as { code?: unknown; data?: unknown };
      if (envelope.code !== ResultCode.OK) return done({ ok: false, failure: 'code' });
      return done({ ok: true, data: envelope.data });
    } catch (err) {
      const timedOut = err instanceof DOMException && err.name === 'TimeoutError';
      return done({ ok: false, failure: timedOut ? 'timeout' : 'network' });
    }
  });
}
