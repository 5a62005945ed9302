import { describe, expect, it, vi } from 'vitest';
import { shutdownOnSignal } from './shutdown';

/** A handler whose exits, steps and log lines are recorded instead of acted on. */
function harness(stop: () => Promise<void>, timing: { delayMs?: number; timeoutMs?: number } = {}) {
  const events: string[] = [];
  let exitWith: (code: number) => void = () => {};
  const exited = new Promise<number>((resolve) => {
    exitWith = resolve;
  });
  const handler = shutdownOnSignal({
    log: { info: (_, m) => events.push(m), warn: (_, m) => events.push(m), error: (_, m) => events.push(m) },
    begin: () => events.push('begin'),
    stop: async () => {
      events.push('stop');
      await stop();
    },
    delayMs: timing.delayMs ?? 0,
    timeoutMs: timing.timeoutMs ?? 5000,
    exit: (code) => {
      events.push(`exit ${code}`);
      exitWith(code);
    },
  });
  return { events, exited, signal: handler };
}

describe('shutdown on a signal', () => {
  it('fails readiness first, waits the delay, stops, exits 0 once', async () => {
    const h = harness(async () => {}, { delayMs: 100 });
    const t0 = Date.now();
    h.signal('SIGTERM');
    expect(h.events).toEqual(['begin', 'shutting down: readiness is 503']);
    expect(await h.exited).toBe(0);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(90);
    expect(h.events.slice(2)).toEqual(['stop', 'shutdown complete', 'exit 0']);
  });

  it('exits 1 at once on a second signal', async () => {
    const h = harness(() => new Promise(() => {}));
    h.signal('SIGTERM');
    await vi.waitFor(() => expect(h.events).toContain('stop'));
    h.signal('SIGINT');
    expect(await h.exited).toBe(1);
    expect(h.events.at(-1)).toBe('exit 1');
  });

  it('exits 1 when the stop outlasts the deadline, and when it fails', async () => {
    const slow = harness(() => new Promise(() => {}), { timeoutMs: 150 });
    slow.signal('SIGTERM');
    expect(await slow.exited).toBe(1);
    expect(slow.events).toContain('shutdown deadline passed: exiting');
    const failing = harness(async () => {
      throw new Error('database gone');
    });
    failing.signal('SIGTERM');
    expect(await failing.exited).toBe(1);
    expect(failing.events).toContain('shutdown failed');
  });
});
