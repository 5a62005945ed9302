import { ResultCode } from '@ess/contract';
import { AppError } from './app-error';

export type PasswordGateLimits = {
  /** scrypt operations at once (each holds a libuv thread and its memory). */
  concurrency: number;
  /** Callers waiting for a turn; one more is refused at once. */
  queueMax: number;
  /**
   * Longest wait for a turn, below the web client's 10 s timeout so its answer still arrives. A
   * caller whose turn and hash would likely not be done by then is refused at once instead.
   */
  maxWaitMs: number;
};

export const DEFAULT_MAX_WAIT_MS = 5_000;

/** Counters since the gate was made: what ran, what was refused, what was dropped unrun. */
export type PasswordGateStats = {
  running: number;
  queued: number;
  /** Operations that got a turn and ran. */
  started: number;
  /** Refused at once: the queue was full, or its wait would likely pass maxWaitMs. */
  refused: number;
  /** Waited maxWaitMs without a turn. */
  timedOut: number;
  /** Dropped from the queue because the caller's request went away. */
  abandoned: number;
  /** Moving average of one operation's duration; 0 until one ran. */
  avgMs: number;
};

type Waiter = { start: () => void };

/** 503 with Retry-After: the caller (a person or a script) tries again in `seconds`. */
export const passwordBusy = (seconds: number) =>
  new AppError(503, ResultCode.PASSWORD_BUSY, 'passwordBusy', { seconds }, null, { 'retry-after': String(seconds) });

/**
 * Admits at most `concurrency` password hashes at once, first come first served, with a
 * bounded queue and a bounded wait. Without it a burst of sign-ins queues unbounded scrypt work
 * on the libuv pool: every answer comes after the client gave up, and the server keeps hashing
 * for nobody (issue 16). A caller whose request closes while it waits is dropped unhashed.
 */
export class PasswordGate {
  private running = 0;
  private readonly queue: Waiter[] = [];
  /** Moving average of one operation's duration (0 until one ran), for admission and Retry-After. */
  private avgMs = 0;
  private readonly counts = { started: 0, refused: 0, timedOut: 0, abandoned: 0 };

  constructor(readonly limits: PasswordGateLimits) {}

  stats(): PasswordGateStats {
    return { running: this.running, queued: this.queue.length, ...this.counts, avgMs: this.avgMs };
  }

  /** Runs `work` when a turn is free; rejects with the 503 when none comes in time. */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return this.abandon();
    if (this.running >= this.concurrency()) await this.wait(signal);
    else this.running++;
    this.counts.started++;
    const began = performance.now();
    try {
      return await work();
    } finally {
      const ms = performance.now() - began;
      this.avgMs = this.avgMs === 0 ? ms : this.avgMs * 0.8 + ms * 0.2;
      this.release();
    }
  }

  private concurrency(): number {
    return Math.max(1, this.limits.concurrency);
  }

  /** Seconds until the queue ahead has likely drained: the Retry-After hint (1–30). */
  private retryAfter(): number {
    const ahead = this.queue.length + this.running;
    const ms = (ahead / this.concurrency()) * this.avgMs;
    return Math.min(30, Math.max(1, Math.ceil(ms / 1000)));
  }

  private abandon(): never {
    this.counts.abandoned++;
    // Nobody reads this answer: the request is gone.
    throw passwordBusy(1);
  }

  /** Waits for a turn handed over by release(); the turn's `running` slot is already counted. */
  private wait(signal?: AbortSignal): Promise<void> {
    // On a starved machine a hash takes seconds: a wait it cannot finish in time is refused now.
    const likelyDoneMs = ((this.queue.length + 1) / this.concurrency()) * this.avgMs + this.avgMs;
    if (this.queue.length >= this.limits.queueMax || likelyDoneMs > this.limits.maxWaitMs) {
      this.counts.refused++;
      return Promise.reject(passwordBusy(this.retryAfter()));
    }
    return new Promise<void>((resolve, reject) => {
      const leave = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        const i = this.queue.indexOf(waiter);
        if (i >= 0) this.queue.splice(i, 1);
      };
      const onAbort = () => {
        leave();
        try {
          this.abandon();
        } catch (err) {
          reject(err);
        }
      };
      const timer = setTimeout(() => {
        leave();
        this.counts.timedOut++;
        reject(passwordBusy(this.retryAfter()));
      }, this.limits.maxWaitMs);
      const waiter: Waiter = {
        start: () => {
          leave();
          resolve();
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
    });
  }

  /** Hands the finished turn to the next waiter, or frees it. */
  private release(): void {
    const next = this.queue[0];
    if (next) next.start();
    else this.running--;
  }
}
