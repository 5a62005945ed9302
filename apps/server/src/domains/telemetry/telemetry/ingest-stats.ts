import { emptyReasonCounts, type QuarantineReason } from './quarantine';

/** Counters of the ingest since start (for the admin pages and the benchmark). */
export type IngestStats = {
  /** Telemetry messages taken from the broker. */
  messages: number;
  /** Samples newly stored in ts_msg (virtual ones included). */
  samples: number;
  /** Samples that were already stored (redelivered messages): ignored. */
  duplicates: number;
  virtualSamples: number;
  /** Quarantine rows written, per reason. */
  quarantined: Record<QuarantineReason, number>;
  batches: number;
  /** Batches that met already stored samples in the fast form and were written checked. */
  conflicts: number;
  /** Transactions that failed and were retried. */
  failedWrites: number;
  lastError: string | null;
  lastBatchRows: number;
  lastBatchMs: number;
  /** Rows validated but not yet committed. */
  pendingRows: number;
  /** Messages held unparsed while the pending limit is reached (back-pressure). */
  waitingMessages: number;
  saturated: boolean;
  /** Rolls of pending roll-up deltas done by this instance, the deltas they took, the last one's time. */
  rolls: number;
  rolledDeltas: number;
  /** Of rolledDeltas, samples merged as aggregates kept in memory (rollup-accumulator.ts). */
  rolledFromMemory: number;
  lastRollMs: number;
};

export const emptyStats = (): IngestStats => ({
  messages: 0,
  samples: 0,
  duplicates: 0,
  virtualSamples: 0,
  quarantined: emptyReasonCounts(),
  batches: 0,
  conflicts: 0,
  failedWrites: 0,
  lastError: null,
  lastBatchRows: 0,
  lastBatchMs: 0,
  pendingRows: 0,
  waitingMessages: 0,
  saturated: false,
  rolls: 0,
  rolledDeltas: 0,
  rolledFromMemory: 0,
  lastRollMs: 0,
});
