import { ResultCode } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { PasswordGate } from './password-gate';

/** A piece of work that runs until `finish()`; `started` tells whether it got its turn. */
function held() {
  let finish = () => {};
  const w = {
    started: false,
    finish: () => finish(),
    work: () =>
      new Promise<void>((resolve) => {
        w.started = true;
        finish = resolve;
      }),
  };
  return w;
}
const tick = () => new Promise((r) => setImmediate(r));

async function busyOf(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  const e = err as AppError;
  expect({ status: e.status, code: e.code, key: e.key }).toEqual({
    status: 503,
    code: ResultCode.PASSWORD_BUSY,
    key: 'passwordBusy',
  });
  expect(Number(e.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  return e;
}

describe('password gate', () => {
  it('runs at most `concurrency` at once, the waiting ones in arrival order', async () => {
    const gate = new PasswordGate({ concurrency: 2, queueMax: 10, maxWaitMs: 5_000 });
    const ws = Array.from({ length: 5 }, held);
    const order: number[] = [];
    const runs = ws.map((w, i) => gate.run(() => w.work().then(() => order.push(i))));
    await tick();
    expect(ws.map((w) => w.started)).toEqual([true, true, false, false, false]);
    expect(gate.stats()).toMatchObject({ running: 2, queued: 3 });
    ws[1]?.finish();
    await tick();
    expect(ws.map((w) => w.started)).toEqual([true, true, true, false, false]);
    ws[0]?.finish();
    await tick();
    ws[2]?.finish();
    await tick();
    ws[3]?.finish();
    await tick();
    ws[4]?.finish();
    await Promise.all(runs);
    expect(order).toEqual([1, 0, 2, 3, 4]);
    expect(gate.stats()).toMatchObject({ running: 0, queued: 0, started: 5, refused: 0, timedOut: 0, abandoned: 0 });
  });

  it('refuses at once with a 503 when the queue is full', async () => {
    const gate = new PasswordGate({ concurrency: 1, queueMax: 2, maxWaitMs: 5_000 });
    const ws = Array.from({ length: 3 }, held);
    const runs = ws.map((w) => gate.run(w.work));
    const before = performance.now();
    await busyOf(gate.run(async () => {}));
    expect(performance.now() - before).toBeLessThan(50);
    await tick();
    for (const w of ws) {
      w.finish();
      await tick();
    }
    await Promise.all(runs);
    expect(gate.stats()).toMatchObject({ started: 3, refused: 1 });
  });

  it('refuses at once a wait that, at the measured hash time, would not end within maxWaitMs', async () => {
    const limits = { concurrency: 1, queueMax: 10, maxWaitMs: 5_000 };
    const gate = new PasswordGate(limits);
    await gate.run(() => new Promise((r) => setTimeout(r, 40)));
    const m = gate.stats().avgMs;
    expect(m).toBeGreaterThanOrEqual(35);
    limits.maxWaitMs = 2.5 * m;
    const first = held();
    const running = gate.run(first.work);
    // One waiting: its turn in ~m, done in ~2m: admitted. A second would end at ~3m: refused.
    const admitted = gate.run(async () => 'ran');
    const before = performance.now();
    await busyOf(gate.run(async () => 'never'));
    expect(performance.now() - before).toBeLessThan(m);
    first.finish();
    await running;
    expect(await admitted).toBe('ran');
    expect(gate.stats()).toMatchObject({ started: 3, refused: 1, timedOut: 0 });
  });

  it('gives up on a wait after maxWaitMs, and the work never runs', async () => {
    const gate = new PasswordGate({ concurrency: 1, queueMax: 5, maxWaitMs: 40 });
    const first = held();
    const running = gate.run(first.work);
    let ran = false;
    const before = performance.now();
    await busyOf(
      gate.run(async () => {
        ran = true;
      }),
    );
    expect(performance.now() - before).toBeGreaterThanOrEqual(35);
    first.finish();
    await running;
    await tick();
    expect(ran).toBe(false);
    expect(gate.stats()).toMatchObject({ running: 0, queued: 0, started: 1, refused: 0, timedOut: 1, abandoned: 0 });
  });

  it('drops a waiting caller whose signal aborts, and does not run its work', async () => {
    const gate = new PasswordGate({ concurrency: 1, queueMax: 5, maxWaitMs: 5_000 });
    const first = held();
    const running = gate.run(first.work);
    const ctl = new AbortController();
    let ran = false;
    const dropped = gate.run(async () => {
      ran = true;
    }, ctl.signal);
    const next = held();
    const after = gate.run(next.work);
    await tick();
    expect(gate.stats().queued).toBe(2);
    ctl.abort();
    await busyOf(dropped);
    expect(gate.stats().queued).toBe(1);
    first.finish();
    await tick();
    expect(next.started).toBe(true);
    next.finish();
    await Promise.all([running, after]);
    expect(ran).toBe(false);
    // An already aborted caller is not queued at all.
    await busyOf(
      gate.run(async () => {
        ran = true;
      }, AbortSignal.abort()),
    );
    expect(ran).toBe(false);
    expect(gate.stats()).toMatchObject({ running: 0, queued: 0, started: 2, refused: 0, timedOut: 0, abandoned: 2 });
  });

  it('frees the turn when the work fails', async () => {
    const gate = new PasswordGate({ concurrency: 1, queueMax: 5, maxWaitMs: 5_000 });
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 7)).toBe(7);
    expect(gate.stats()).toMatchObject({ running: 0, queued: 0, started: 2 });
  });
});
