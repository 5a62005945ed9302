import { Worker } from 'node:worker_threads';

/**
 * The prober runs in a worker thread, so its clock keeps time while the server's event loop
 * is held: a probe that waits measures the stall itself, not just the turn after it.
 */
const PROBER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const inFlight = new Set();
const timer = setInterval(() => {
  const started = performance.now();
  inFlight.add(started);
  const settle = (ok) => {
    if (!inFlight.delete(started)) return;
    parentPort.postMessage({ ms: ok ? performance.now() - started : Number.POSITIVE_INFINITY });
  };
  http
    .get(workerData.url, (res) => {
      res.resume();
      res.on('end', () => settle(res.statusCode === 200));
    })
    .on('error', () => settle(false));
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  const now = performance.now();
  parentPort.postMessage({ stopped: [...inFlight].map((s) => now - s) });
});
`;

export type HttpProbe = {
  /** Probes answered so far. */
  answered: () => number;
  /** Stops probing: the time of every probe (ms), those still waiting counted up to now; a failed one is Infinity. */
  stop: () => Promise<number[]>;
};

/** A GET to `url` every `everyMs`, each timed from its own start (probes do not wait for each other). */
export function probeHttp(url: string, everyMs: number): HttpProbe {
  const times: number[] = [];
  const worker = new Worker(PROBER, { eval: true, workerData: { url, everyMs } });
  let stopped: ((waiting: number[]) => void) | null = null;
  let result: Promise<number[]> | null = null;
  worker.on('message', (m: { ms?: number; stopped?: number[] }) => {
    if (m.ms !== undefined) times.push(m.ms);
    if (m.stopped) stopped?.(m.stopped);
  });
  const stop = async (): Promise<number[]> => {
    const waiting = await new Promise<number[]>((resolve) => {
      stopped = resolve;
      worker.postMessage('stop');
    });
    await worker.terminate();
    return [...times, ...waiting];
  };
  return {
    answered: () => times.length,
    stop: () => {
      result ??= stop();
      return result;
    },
  };
}
