/**
 * What the browser benches (chart, screen) measure in the page: every frame interval (a
 * requestAnimationFrame loop) and the long (animation) frames with the scripts that made them,
 * and the machine line every bench prints.
 */
import type { Page } from 'playwright-core';

export type Recorded = {
  intervals: number[];
  long: { type: string; durations: number[]; worst: { ms: number; scripts: string[] }[] };
};

// Plain page script (not a function): tsx would wrap named functions in a helper the page lacks.
const RECORDER = `(() => {
  const intervals = [];
  const type = PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')
    ? 'long-animation-frame'
    : 'longtask';
  const durations = [];
  const worst = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      durations.push(e.duration);
      // What ran in a frame over 100 ms (long animation frames name their scripts).
      if (e.duration > 100)
        worst.push({
          ms: Math.round(e.duration),
          scripts: (e.scripts ?? [])
            .filter((x) => x.duration >= 10)
            .map((x) => (x.invoker || x.invokerType) + ' ' + Math.round(x.duration)),
        });
    }
  });
  observer.observe({ type });
  let running = true;
  let last = 0;
  const tick = (now) => {
    intervals.push(now - last);
    last = now;
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame((now) => {
    last = now;
    requestAnimationFrame(tick);
  });
  window.__bench = {
    intervals,
    long: { type, durations, worst },
    stop: () => {
      running = false;
      observer.disconnect();
    },
  };
})()`;

/** Starts recording frames in the page: rAF intervals and long (animation) frames. */
export async function startRecording(page: Page): Promise<void> {
  await page.evaluate(RECORDER);
}

export async function stopRecording(page: Page): Promise<Recorded> {
  return page.evaluate(() => {
    const w = window as unknown as { __bench: Recorded & { stop: () => void } };
    w.__bench.stop();
    return { intervals: w.__bench.intervals, long: w.__bench.long };
  });
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/** Frame figures of a recording: counts, percentiles, frames over 50 and 100 ms, the long frames. */
export function frameSummary(rec: Recorded) {
  const frames = [...rec.intervals].sort((a, b) => a - b);
  const at = (q: number) => frames[Math.min(frames.length - 1, Math.floor(q * frames.length))] ?? 0;
  const long = [...rec.long.durations].sort((a, b) => a - b);
  return {
    frames: frames.length,
    maxFrameMs: round1(frames.at(-1) ?? 0),
    p95FrameMs: round1(at(0.95)),
    p99FrameMs: round1(at(0.99)),
    framesOver100ms: frames.filter((f) => f > 100).length,
    framesOver50ms: frames.filter((f) => f > 50).length,
    longFrames: {
      type: rec.long.type,
      count: long.length,
      over100ms: long.filter((d) => d > 100).length,
      maxMs: round1(long.at(-1) ?? 0),
    },
    worstFrames: [...rec.long.worst].sort((a, b) => b.ms - a.ms).slice(0, 5),
  };
}
