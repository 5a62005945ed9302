import type { PGlite } from '@electric-sql/pglite';
import { ResultCode } from '@ess/contract';
import { AppError } from '../lib/app-error';

/** The real one, taken at load: a test's fake timers never hold the database back. */
const immediate = setImmediate;

type Job = { at: number; start: () => Promise<void> };

/**
 * Who gets the embedded database next. PGlite runs statements in this thread and hands its lock
 * from one waiting call to the next within the same turn of the event loop: with a hundred
 * requests waiting, the whole queue ran before the server read a socket again, and connections
 * that came meanwhile waited seconds to be accepted. Here calls run one at a time in slices of
 * `sliceMs`, each slice in a new turn, so sockets are served in between (a new turn per call
 * made a request of ten calls wait ten turns of a busy loop); requests' calls (Drizzle) go before
 * the ingest's and the roller's (the raw client), which wait at most `backgroundMaxWaitMs`.
 * At most `maxWaiting` requests' calls wait: one more is refused at once (503 DATABASE_BUSY with
 * Retry-After) rather than left to time out at the client. The ingest is never refused here: it
 * has its own back-pressure (INGEST_MAX_PENDING_ROWS) and acknowledges only what it committed.
 */
export class PgliteTurns {
  private readonly foreground: Job[] = [];
  private readonly background: Job[] = [];
  private busy = false;
  private sliceStart = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly backgroundMaxWaitMs: number,
    private readonly sliceMs: number,
    private readonly now: () => number = () => performance.now(),
    private readonly maxWaiting = Number.POSITIVE_INFINITY,
  ) {}

  /** The client whose query, exec and transaction take their turn here (everything else passes). */
  wrap(client: PGlite, background: boolean): PGlite {
    return new Proxy(client, {
      get: (target, prop) => {
        if (prop === 'query' || prop === 'exec' || prop === 'transaction') {
          const fn = Reflect.get(target, prop, target) as (...a: unknown[]) => Promise<unknown>;
          return (...args: unknown[]) => this.enqueue(() => fn.apply(target, args), background);
        }
        const v: unknown = Reflect.get(target, prop, target);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
  }

  /** Calls waiting (not the running one). */
  get waiting(): number {
    return this.foreground.length + this.background.length;
  }

  /** Requests' calls waiting (the ingest's and the roller's left out). */
  get foregroundWaiting(): number {
    return this.foreground.length;
  }

  private enqueue<T>(run: () => Promise<T>, background: boolean): Promise<T> {
    if (!background && this.foreground.length >= this.maxWaiting) {
      return Promise.reject(
        new AppError(503, ResultCode.DATABASE_BUSY, 'databaseBusy', undefined, null, { 'retry-after': '1' }),
      );
    }
    return new Promise<T>((resolve, reject) => {
      const job = { at: this.now(), start: () => Promise.resolve().then(run).then(resolve, reject) };
      (background ? this.background : this.foreground).push(job);
      this.pump();
    });
  }

  private pump(): void {
    if (this.busy || this.waiting === 0) return;
    this.busy = true;
    if (this.now() - this.sliceStart < this.sliceMs) {
      this.runNext();
      return;
    }
    immediate(() => {
      this.sliceStart = this.now();
      this.runNext();
    });
  }

  private runNext(): void {
    const job = this.next();
    if (!job) {
      this.busy = false;
      return;
    }
    void job.start().finally(() => {
      this.busy = false;
      this.pump();
    });
  }

  private next(): Job | undefined {
    const oldest = this.background[0];
    if (oldest && (this.foreground.length === 0 || this.now() - oldest.at >= this.backgroundMaxWaitMs)) {
      return this.background.shift();
    }
    return this.foreground.shift();
  }
}
