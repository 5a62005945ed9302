/**
 * The closed loops of bench/api.ts (autocannon): a fixed number of connections, each sending its
 * next request as soon as the previous answered, on one call of the server and on a Fastify
 * hello-world (bench/api-hello.ts) for the ratio between them.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { nextJson } from './load-process';

export type LoopResult = { rps: number; p50Ms: number; p99Ms: number; errors: number };

/** `connections` connections for `seconds` on one request; requests/s (mean of the seconds), latency, failures. */
export async function closedLoop(o: {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
}): Promise<LoopResult> {
  const r = await autocannon({
    url: o.url,
    method: o.method,
    headers: o.headers,
    body: o.body,
    connections: o.connections,
    duration: o.seconds,
    timeout: 10,
  });
  return {
    rps: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    errors: r.non2xx + r.errors,
  };
}

/** The same closed loop on a bare Fastify GET route in a child process. */
export async function helloLoop(connections: number, seconds: number): Promise<LoopResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'api-hello.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const { port } = await nextJson<{ port: number }>(lines);
    return await closedLoop({ url: `http://127.0.0.1:${port}/`, method: 'GET', connections, seconds });
  } finally {
    child.kill('SIGTERM');
  }
}
