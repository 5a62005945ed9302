import { Gauge, Histogram, type Registry } from 'prom-client';
import type { TelemetryRuntime } from '../../domains/telemetry/telemetry';
import type { TelemetryBus } from '../../kernel/telemetry-bus';
import { counterFrom } from './counter-from';

/** Write times of ingest batches, 5 ms to 10 s. */
const BATCH_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The telemetry ingest's series, read from its public stats on scrape; the batch histogram is
 * fed from the bus's `committed` events (one per committed batch with samples). Returns the
 * remover of its bus listener.
 */
export function ingestMetrics(register: Registry, telemetry: TelemetryRuntime, bus: TelemetryBus): () => void {
  const stats = () => telemetry.stats();
  counterFrom(
    register,
    { name: 'ess_ingest_messages_total', help: 'Telemetry messages taken from the MQTT broker' },
    () => stats()?.messages ?? null,
  );
  counterFrom(
    register,
    { name: 'ess_ingest_points_total', help: 'Raw samples newly stored (virtual points included)' },
    () => stats()?.samples ?? null,
  );
  counterFrom(
    register,
    { name: 'ess_ingest_duplicate_points_total', help: 'Samples already stored (redelivered messages), ignored' },
    () => stats()?.duplicates ?? null,
  );
  counterFrom(
    register,
    { name: 'ess_ingest_batches_total', help: 'Ingest batches committed' },
    () => stats()?.batches ?? null,
  );
  counterFrom(
    register,
    { name: 'ess_ingest_failed_writes_total', help: 'Ingest transactions that failed and were retried' },
    () => stats()?.failedWrites ?? null,
  );
  counterFrom(
    register,
    {
      name: 'ess_ingest_quarantined_total',
      help: 'Refused device data by reason: messages, samples or values (one ts_quarantine row per message and reason)',
      labelNames: ['reason'],
    },
    () => stats()?.quarantined ?? null,
  );
  new Gauge({
    name: 'ess_ingest_pending_rows',
    help: 'Rows validated and waiting for their batch to commit (the ingest queue)',
    registers: [register],
    collect() {
      const s = stats();
      if (s) this.set(s.pendingRows);
    },
  });
  new Gauge({
    name: 'ess_ingest_waiting_messages',
    help: 'Messages held unparsed while the pending-row limit is reached (back-pressure)',
    registers: [register],
    collect() {
      const s = stats();
      if (s) this.set(s.waitingMessages);
    },
  });
  new Gauge({
    name: 'ess_ingest_saturated',
    help: '1 while the ingest refuses new messages (INGEST_MAX_PENDING_ROWS reached), else 0',
    registers: [register],
    collect() {
      const s = stats();
      if (s) this.set(s.saturated ? 1 : 0);
    },
  });

  const batch = new Histogram({
    name: 'ess_ingest_batch_duration_seconds',
    help: 'Time to write and commit one ingest batch (batches carrying samples)',
    buckets: BATCH_BUCKETS,
    registers: [register],
  });
  let seen = 0;
  return bus.on('committed', () => {
    // Emitted inside the commit of a batch, right after its counters moved.
    const s = stats();
    if (!s || s.batches === seen) return;
    seen = s.batches;
    batch.observe(s.lastBatchMs / 1000);
  });
}
