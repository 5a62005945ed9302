import type { TelemetryMessage } from '@ess/contract';
import { type SimLogger, silentLogger } from './logger';
import type { StationRuntime } from './station-runtime';

export type BackfillProgress = { doneMs: number; totalMs: number; samples: number; points: number; pointsPerS: number };

export type BackfillOptions = {
  untilMs: number;
  stepS: number;
  onProgress?: (p: BackfillProgress) => void;
  /** Ends the backfill after the round in flight (the host is shutting down). */
  signal?: AbortSignal;
};

/** Samples per device per published array (the protocol allows 10,000). */
const BATCH_SAMPLES = 1000;
/**
 * Model time per round of arrays. The platform computes virtual points (station totals) once
 * per write from the newest inputs, so a round of at most a quarter hour gives every
 * 15-minute bucket of those points a sample, as live reporting does.
 */
const ROUND_S = 900;

/**
 * Simulates from the models' current time to `untilMs` at `stepS` and publishes the samples
 * with their past timestamps through the normal ingest path: per device one array per batch,
 * each awaited (the platform acknowledges once stored), so it goes as fast as the broker
 * and the database accept and never runs ahead of them.
 */
export async function runBackfill(
  runtimes: StationRuntime[],
  o: BackfillOptions,
  log: SimLogger = silentLogger,
): Promise<BackfillProgress> {
  // A device that could not connect (wrong secret, unknown serial) would stall every batch: it gets live data only.
  const offline = runtimes.flatMap((r) =>
    [...r.channels.values()].filter((c) => !c.agent.online).map((c) => c.agent.sn),
  );
  if (offline.length > 0)
    log.warn(`backfill skips ${offline.length} devices that are not connected: ${offline.slice(0, 5).join(', ')}…`);
  const skip = new Set(offline);
  const fromMs = Math.min(...runtimes.map((r) => r.model.time.getTime()));
  const totalMs = Math.max(0, o.untilMs - fromMs);
  const stepsPerBatch = Math.max(1, Math.min(BATCH_SAMPLES, Math.floor(ROUND_S / o.stepS)));
  const started = Date.now();
  const progress: BackfillProgress = { doneMs: 0, totalMs, samples: 0, points: 0, pointsPerS: 0 };
  const pending = new Map<string, TelemetryMessage[]>();

  let t = fromMs;
  while (t < o.untilMs && !o.signal?.aborted) {
    for (let i = 0; i < stepsPerBatch && t < o.untilMs; i++) {
      t = Math.min(o.untilMs, t + o.stepS * 1000);
      const at = new Date(t);
      for (const r of runtimes) {
        const dtS = (t - r.model.time.getTime()) / 1000;
        if (dtS <= 0) continue;
        r.model.step(dtS, at);
        for (const [sn, { encoder }] of r.channels) {
          const values = skip.has(sn) ? undefined : r.model.readings(sn);
          if (!values) continue;
          const m = encoder.encode(values, t);
          const list = pending.get(sn) ?? [];
          list.push(m);
          pending.set(sn, list);
          progress.samples++;
          progress.points += Object.keys(m.values).length;
        }
      }
    }
    const sends: Promise<boolean>[] = [];
    for (const r of runtimes) {
      for (const [sn, { agent }] of r.channels) {
        const list = pending.get(sn);
        if (list && list.length > 0) sends.push(agent.sendBatch(list));
      }
    }
    pending.clear();
    await Promise.all(sends);
    progress.doneMs = t - fromMs;
    progress.pointsPerS = progress.points / Math.max(0.001, (Date.now() - started) / 1000);
    o.onProgress?.({ ...progress });
  }
  return progress;
}
