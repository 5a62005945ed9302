import { describe, expect, it } from 'vitest';
import { type LoadLimits, loopDelayProbe, ServerLoad } from './server-load';

const limits: LoadLimits = {
  queueMax: 40,
  loopDelayMs: 100,
  windowMs: 1_000,
  sampleMs: 100,
  maxRate: 50,
  minRate: 1,
  rateStep: 2,
};

/** A monitor on a queue and a loop lateness the test sets, sampled on the test's clock. */
function monitor() {
  const state = { queued: 0, loopMs: 0, now: 0 };
  const load = new ServerLoad({ queued: () => state.queued, loopDelayMs: () => state.loopMs }, limits);
  /** Samples every 100 ms for `ms`. */
  const run = (ms: number) => {
    for (const end = state.now + ms; state.now < end; ) {
      state.now += limits.sampleMs;
      load.sample(state.now);
    }
  };
  /** Sign-ins let in of `n` arriving evenly over one second. */
  const arrivals = (n: number) => {
    let admitted = 0;
    for (let i = 0; i < n; i++) if (load.admit(state.now + (i * 1000) / n) === null) admitted++;
    run(1_000);
    return admitted;
  };
  load.sample(0);
  return { state, load, run, arrivals };
}

describe('server load', () => {
  it('lets every sign-in in while the server keeps up', () => {
    const { load, arrivals } = monitor();
    expect(arrivals(40)).toBe(40);
    expect(load.behind).toBe(false);
    expect(load.rate).toBe(limits.maxRate);
  });

  it('halves the rate each window behind, down to the floor, and sends the rest away with Retry-After', () => {
    const { state, load, run } = monitor();
    state.queued = 200;
    run(1_000);
    expect(load.behind).toBe(true);
    expect(load.rate).toBe(25);
    run(3_000);
    expect(load.rate).toBe(3.125);
    run(10_000);
    expect(load.rate).toBe(limits.minRate);
    // The bucket holds a second of the rate: one sign-in now, the next is told to wait 5 s.
    expect(load.admit(state.now)).toBeNull();
    expect(load.admit(state.now)).toBe(5);
    expect(load.shedTotal).toBe(1);
    // A second later there is room for one more.
    expect(load.admit(state.now + 1_000)).toBeNull();
  });

  it('decides on the mean queue of a window, not a moment of it', () => {
    const { state, load, run } = monitor();
    // 3 of 10 samples at 100 waiting: a mean of 30, under 40.
    state.queued = 100;
    run(300);
    state.queued = 0;
    run(700);
    expect(load.behind).toBe(false);
    state.queued = 45;
    run(1_000);
    expect(load.behind).toBe(true);
  });

  it('is behind on a late event loop as on a queue', () => {
    const { state, load, run } = monitor();
    state.loopMs = 150;
    run(1_000);
    expect(load.behind).toBe(true);
    state.loopMs = 5;
    run(1_000);
    expect(load.behind).toBe(false);
  });

  it('climbs back by the step each window it keeps up, so newcomers sent away do not all return at once', () => {
    const { state, load, run, arrivals } = monitor();
    state.queued = 200;
    run(10_000);
    expect(load.rate).toBe(limits.minRate);
    state.queued = 0;
    // 30 come back every second: 3, 5, 7 … let in, not all 30.
    const admitted = [arrivals(30), arrivals(30), arrivals(30)];
    expect(admitted[0]).toBeLessThanOrEqual(4);
    expect(admitted[1]).toBeLessThan(admitted[2] ?? 0);
    expect(admitted[2]).toBeLessThan(30);
    run(30_000);
    expect(load.rate).toBe(limits.maxRate);
  });
});

describe('event-loop lateness', () => {
  it('reads a loop held 200 ms at a time as late, then starts anew', async () => {
    const probe = loopDelayProbe();
    try {
      for (let i = 0; i < 3; i++) {
        const until = performance.now() + 200;
        while (performance.now() < until) {
          // Holds the loop, as a long synchronous task does.
        }
        await new Promise((r) => setTimeout(r, 0));
      }
      expect(probe.read()).toBeGreaterThan(100);
      // Read and reset: nothing recorded since.
      expect(probe.read()).toBe(0);
    } finally {
      probe.stop();
    }
  });
});
