import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';

/** What the server is behind on: calls waiting for the database, and the event loop's lateness. */
export type LoadProbes = {
  /** Database calls waiting for a connection (PostgreSQL) or a turn (PGlite) now. */
  queued: () => number;
  /**
   * Mean lateness of the event loop since the last read, in ms, then starts anew; null leaves the
   * loop out (PGlite runs its queries on the loop: its lateness is the database's work, which
   * `queued` already shows).
   */
  loopDelayMs: (() => number) | null;
};

export type LoadLimits = {
  /** Mean database queue over a window from which the server is behind. */
  queueMax: number;
  /** Mean event-loop lateness over a window from which the server is behind. */
  loopDelayMs: number;
  windowMs: number;
  /** How often the queue is read within a window. */
  sampleMs: number;
  /** Sign-ins a second let in while the server keeps up (and the most it ever lets in). */
  maxRate: number;
  /** The fewest sign-ins a second let in however far behind: newcomers always get in, slowly. */
  minRate: number;
  /** Sign-ins a second added after each window the server kept up. */
  rateStep: number;
};

/**
 * A backlog, not a burst: 40 calls waiting for a 10-connection pool is four rounds of every
 * connection, and a loop 100 ms late on average answers every request 100 ms late at least.
 * While the rate is at `maxRate` (the server kept up for a while) every sign-in gets in, a burst
 * too: the password gate bounds the hashing.
 */
export const DEFAULT_LOAD_LIMITS: LoadLimits = {
  queueMax: 40,
  loopDelayMs: 100,
  windowMs: 1_000,
  sampleMs: 100,
  maxRate: 50,
  minRate: 2,
  rateStep: 2,
};

/** Retry-After bounds for a sign-in sent away. */
const MIN_RETRY_AFTER_S = 1;
const MAX_RETRY_AFTER_S = 10;

/**
 * How many sign-ins a second the server lets in, from whether it keeps up with those already
 * signed in (issue 26). At a shift change a machine on a slow day took sign-ins and their page
 * loads until every call queued: those already in waited 10 s and timed out, and so did the
 * sign-ins. Here each window in which the database queue or the event loop's lateness passed its
 * limit halves the rate, and each window within them adds `rateStep` (as TCP finds a link's
 * rate: an on/off gate let every newcomer it had sent away back at once, and the queue returned).
 * A sign-in over the rate is answered 503 with Retry-After at once, before its decryption and
 * hash: the calls of those signed in keep their answer times, and newcomers get in as fast as the
 * machine takes them. Windows are closed by `sample` (a timer in `start`; a test calls it with
 * its own clock).
 */
export class ServerLoad {
  private windowStart: number | null = null;
  private queueSum = 0;
  private queueSamples = 0;
  private behindNow = false;
  private rateNow: number;
  /** Sign-ins that may start now (a token bucket holding at most a second of the rate). */
  private tokens: number;
  private lastFill: number | null = null;
  private shedCount = 0;

  constructor(
    private readonly probes: LoadProbes,
    readonly limits: LoadLimits = DEFAULT_LOAD_LIMITS,
  ) {
    this.rateNow = limits.maxRate;
    this.tokens = limits.maxRate;
  }

  /** Reads the queue; at the end of a window decides whether the server is behind and sets the rate. */
  sample(now: number): void {
    this.windowStart ??= now;
    this.queueSum += this.probes.queued();
    this.queueSamples++;
    if (now - this.windowStart < this.limits.windowMs) return;
    const queue = this.queueSum / this.queueSamples;
    const loop = this.probes.loopDelayMs?.() ?? 0;
    this.behindNow = queue >= this.limits.queueMax || loop >= this.limits.loopDelayMs;
    const { minRate, maxRate, rateStep } = this.limits;
    this.rateNow = this.behindNow ? Math.max(minRate, this.rateNow / 2) : Math.min(maxRate, this.rateNow + rateStep);
    this.windowStart = now;
    this.queueSum = 0;
    this.queueSamples = 0;
  }

  /**
   * Lets a sign-in in (null) or says how many seconds it should wait before it comes back: about
   * the time the rate needs for a few of those sent away, so they do not all return at once.
   */
  admit(now: number): number | null {
    // Keeping up: everyone gets in, whatever the burst (the password gate bounds the hashing).
    if (this.rateNow >= this.limits.maxRate) {
      this.tokens = this.limits.maxRate;
      this.lastFill = now;
      return null;
    }
    const filled = this.lastFill === null ? 0 : ((now - this.lastFill) / 1000) * this.rateNow;
    // At most a second of the current rate: a bucket filled while the rate was high holds no more.
    this.tokens = Math.min(Math.max(1, this.rateNow), this.tokens + filled);
    this.lastFill = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return null;
    }
    this.shedCount++;
    return Math.min(MAX_RETRY_AFTER_S, Math.max(MIN_RETRY_AFTER_S, Math.ceil(5 / this.rateNow)));
  }

  /** The last window passed a limit. */
  get behind(): boolean {
    return this.behindNow;
  }

  /** Sign-ins a second let in now. */
  get rate(): number {
    return this.rateNow;
  }

  /** Sign-ins sent away since start. */
  get shedTotal(): number {
    return this.shedCount;
  }

  /** Samples on a timer (unref'd: it never holds the process); the returned function stops it. */
  start(): () => void {
    const timer = setInterval(() => this.sample(performance.now()), this.limits.sampleMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}

/** How often the loop-delay timer fires (ms). */
const LOOP_RESOLUTION_MS = 20;

/** The event loop's mean lateness since the previous call (ms); `stop` ends the measuring. */
export function loopDelayProbe(): { read: () => number; stop: () => void } {
  const h: IntervalHistogram = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  h.enable();
  return {
    read: () => {
      // Each recorded value is the whole time between two firings (ns), its own wait included:
      // an idle loop reads ~20 ms, so lateness is what lies beyond it.
      const ms = Number.isNaN(h.mean) ? 0 : Math.max(0, h.mean / 1e6 - LOOP_RESOLUTION_MS);
      h.reset();
      return ms;
    },
    stop: () => h.disable(),
  };
}
