import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** What one solve returns from the thread: HiGHS's status and the primal value of each column. */
export type ThreadSolution = { status: string; primal: Record<string, number> };

/** The solve passed its wall-clock deadline; the thread was stopped. */
export class SolverTimeoutError extends Error {
  constructor(readonly seconds: number) {
    super(`schedule solve stopped after ${seconds} s`);
  }
}

/** More solves are waiting than the thread takes: try again in `seconds`. */
export class SolverBusyError extends Error {
  constructor(readonly seconds: number) {
    super('schedule solver busy');
  }
}

/**
 * The thread's code, CommonJS so it runs the same under tsx and from the compiled bundle. HiGHS
 * (WASM) solves synchronously: on the server's own thread one slow model would block every
 * request and every device ack until it finished.
 */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const ready = require(workerData.highsPath)();
parentPort.on('message', (m) => {
  ready.then((highs) => {
    const result = highs.solve(m.text, m.options);
    const primal = {};
    for (const [name, col] of Object.entries(result.Columns)) {
      if (typeof col.Primal === 'number') primal[name] = col.Primal;
    }
    parentPort.postMessage({ id: m.id, status: result.Status, primal });
  }).catch((err) => parentPort.postMessage({ id: m.id, error: String((err && err.message) || err) }));
});
`;

type HighsOptions = Record<string, string | number | boolean>;
type Job = {
  id: number;
  text: string;
  options: HighsOptions;
  wallMs: number;
  resolve: (s: ThreadSolution) => void;
  reject: (e: Error) => void;
};
type Reply = { id: number; status?: string; primal?: Record<string, number>; error?: string };

/**
 * One HiGHS worker thread taking one solve at a time, first come first served. Each solve has a
 * wall-clock deadline: HiGHS's own time limit is checked between iterations only, so a model
 * stuck inside one is ended by stopping the thread (a new one starts for the next solve).
 */
export class HighsThread {
  private worker: Worker | null = null;
  private readonly queue: Job[] = [];
  private running: { job: Job; timer: NodeJS.Timeout } | null = null;
  private nextId = 1;

  constructor(private readonly maxQueued: number) {}

  solve(text: string, options: HighsOptions, wallMs: number): Promise<ThreadSolution> {
    if (this.queue.length >= this.maxQueued) {
      // A solve takes well under a second as a rule: one second per waiting solve, at most 30.
      return Promise.reject(new SolverBusyError(Math.min(30, this.queue.length + 1)));
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, text, options, wallMs, resolve, reject });
      this.next();
    });
  }

  /** Stops the thread; the solve under way and those waiting are refused. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    const closed = new Error('schedule solver closed');
    for (const job of this.queue.splice(0)) job.reject(closed);
    this.settle(closed);
    await worker?.terminate();
  }

  private next(): void {
    if (this.running) return;
    const job = this.queue.shift();
    if (!job) {
      this.worker?.unref();
      return;
    }
    const worker = this.thread();
    worker.ref();
    const timer = setTimeout(() => {
      this.worker = null;
      void worker.terminate();
      this.settle(new SolverTimeoutError(Math.round(job.wallMs / 100) / 10));
    }, job.wallMs);
    this.running = { job, timer };
    worker.postMessage({ id: job.id, text: job.text, options: job.options });
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const highsPath = createRequire(import.meta.url).resolve('highs');
    const worker = new Worker(THREAD, { eval: true, workerData: { highsPath } });
    worker.on('message', (m: Reply) => {
      if (this.running?.job.id !== m.id) return;
      if (m.error !== undefined) {
        // HiGHS may be left in a bad state by a thrown error: the next solve gets a fresh thread.
        this.worker = null;
        void worker.terminate();
        this.settle(new Error(m.error));
      } else this.settle(null, { status: m.status ?? '', primal: m.primal ?? {} });
    });
    const lost = (err: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.settle(err);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`schedule solver thread exited (${code})`)));
    this.worker = worker;
    return worker;
  }

  private settle(err: Error | null, solution?: ThreadSolution): void {
    const running = this.running;
    if (!running) return;
    this.running = null;
    clearTimeout(running.timer);
    if (err) running.job.reject(err);
    else if (solution) running.job.resolve(solution);
    this.next();
  }
}
