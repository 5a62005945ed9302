/**
 * A CPU profile of the server process over one phase of bench/api.ts (--cpu-prof DIR). Node 20
 * refuses --cpu-prof in NODE_OPTIONS, and the profile should cover the measured phase only (not
 * start-up), so the server runs with its inspector on (--inspect on any free port) and the bench
 * starts and stops the V8 profiler through it. The file opens in Chrome DevTools or speedscope.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';

/** The NODE_OPTIONS that let profileServer attach. */
export const PROFILE_NODE_OPTIONS = '--inspect=127.0.0.1:0';
/** Node's line with the inspector's address. */
const INSPECTOR_LINE = /Debugger listening on (ws:\/\/\S+)/;

/** Starts the profiler of the process whose output is `lines`; the returned function stops it and writes the profile. */
export async function profileServer(lines: string[], dir: string): Promise<() => Promise<string>> {
  const address = lines.map((l) => INSPECTOR_LINE.exec(l)?.[1]).find(Boolean);
  if (!address) throw new Error('the server has no inspector (was it started with PROFILE_NODE_OPTIONS?)');
  const ws = new WebSocket(address);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let next = 0;
  const pending = new Map<number, (result: unknown) => void>();
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw)) as { id?: number; result?: unknown };
    if (m.id !== undefined) pending.get(m.id)?.(m.result);
  });
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve) => {
      const id = ++next;
      pending.set(id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  await send('Profiler.enable');
  // 1 ms: enough samples in a 10 s loop to rank functions, little overhead.
  await send('Profiler.setSamplingInterval', { interval: 1000 });
  await send('Profiler.start');
  return async () => {
    const { profile } = (await send('Profiler.stop')) as { profile: unknown };
    ws.close();
    const file = path.join(dir, `server-${Date.now()}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    return file;
  };
}
