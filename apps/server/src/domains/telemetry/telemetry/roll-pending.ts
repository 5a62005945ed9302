import { encodeQuarterHours } from './copy-binary';
import { COUNT_OWN_BATCHES, ROLL_PARTS, ROLL_PENDING, ROLL_TAKE } from './ingest-sql';
import type { QuarterHour } from './quarter-hours';
import type { OwnBatches } from './rollup-accumulator';
import type { RollResult, RollupZones } from './writer-session';

/** What a roll needs of its session, inside the transaction that holds the roller's turn. */
export type RollIo = {
  query: <T extends Record<string, unknown>>(sql: string, params: unknown[]) => Promise<T[]>;
  /** COPYs binary rows into one of the session's temporary tables. */
  copy: (table: 'ingest_rollup' | 'roll_q', rows: Buffer<ArrayBuffer>) => Promise<void>;
};

/**
 * A paced roll merges its rows in parts of about this many (one row per point and quarter-hour)
 * and waits, after each step, `pause` times the step's time: a fleet's roll then takes a share
 * of one core instead of all of it for seconds, and the ingest's COPYs and acknowledgements
 * beside it keep their pace (docs/performance.md, "A paced roll").
 */
export type RollPace = { partRows: number; pause: number; sleep: (ms: number) => Promise<void> };

/**
 * One roll on either database: this process's aggregates are merged only if every one of their
 * batches' rows is still pending (no other roller took one), else the rows are unnested like
 * any other. Unpaced, one statement (ROLL_PENDING); paced, the same in one transaction, step by
 * step with pauses (pacedRoll).
 */
export async function rollPending(
  io: RollIo,
  z: RollupZones,
  own: OwnBatches,
  pace: RollPace | null = null,
): Promise<RollResult> {
  let used = own.accumulated;
  if (used) {
    const [present] = await io.query<{ n: number }>(COUNT_OWN_BATCHES, [used.ids]);
    if (present?.n !== used.ids.length) used = null;
  }
  const fromMemory = used?.samples ?? 0;
  if (pace) {
    const taken = await pacedRoll(io, z, own, used?.ids ?? [], used?.quarterHours ?? [], pace);
    return { taken: taken + fromMemory, fromMemory };
  }
  if (used) await io.copy('ingest_rollup', encodeQuarterHours(used.quarterHours));
  const [rolled] = await io.query<{ taken: number }>(ROLL_PENDING, [
    z.zonePointIds,
    z.zoneNames,
    z.defaultZone,
    own.tag,
    own.settledUpTo,
    used?.ids ?? [],
  ]);
  return { taken: (rolled?.taken ?? 0) + fromMemory, fromMemory };
}

/**
 * The paced form: the aggregates, cut in key order into parts, and the other rows taken (each
 * in its point's part) go into roll_q; then every part is merged into ts_latest, then ts_15m,
 * then ts_1d. Returns the samples and deltas taken from the tables.
 */
async function pacedRoll(
  io: RollIo,
  z: RollupZones,
  own: OwnBatches,
  ids: readonly number[],
  aggregates: readonly QuarterHour[],
  pace: RollPace,
): Promise<number> {
  const { cuts, firstPointOfParts } = cutByPoint(aggregates, pace.partRows);
  let parts = cuts.length;
  // Every step but the last is followed by a pause as long as it took, when there is more than one part.
  const paced = async <T>(step: () => Promise<T>, last = false): Promise<T> => {
    const started = performance.now();
    const result = await step();
    if (!last && parts > 1) await pace.sleep((performance.now() - started) * pace.pause);
    return result;
  };
  const took = await paced(async () => {
    const [row] = await io.query<{ taken: number; rows: number }>(ROLL_TAKE, [
      own.tag,
      own.settledUpTo,
      ids,
      firstPointOfParts,
      pace.partRows,
    ]);
    // Without aggregates the taken rows were cut in key order: their count sets the parts.
    if (cuts.length === 0) parts = Math.ceil((row?.rows ?? 0) / pace.partRows);
    return row;
  });
  for (const [part, rows] of cuts.entries()) await paced(() => io.copy('roll_q', encodeQuarterHours(rows, part)));
  const zones = [z.zonePointIds, z.zoneNames, z.defaultZone];
  for (const [t, statement] of ROLL_PARTS.entries()) {
    for (let part = 0; part < parts; part++) {
      const last = t === ROLL_PARTS.length - 1 && part === parts - 1;
      await paced(() => io.query(statement, t === 2 ? [part, ...zones] : [part]), last);
    }
  }
  return took?.taken ?? 0;
}

/** Ids sampled to place the cuts: enough for parts within a few per cent of their size. */
const CUT_SAMPLE = 4096;

/**
 * The aggregates in parts of about `partRows` by point id ranges (all of a point's rows in one
 * part), without sorting them all on the event loop: the cuts are quantiles of a sample of the
 * ids, each row placed by binary search. `firstPointOfParts`: the first id of every part after
 * the first.
 */
export function cutByPoint(
  rows: readonly QuarterHour[],
  partRows: number,
): { cuts: QuarterHour[][]; firstPointOfParts: number[] } {
  const parts = Math.ceil(rows.length / partRows);
  if (parts <= 1) return { cuts: rows.length > 0 ? [[...rows]] : [], firstPointOfParts: [] };
  const step = Math.max(1, Math.floor(rows.length / CUT_SAMPLE));
  const sample: number[] = [];
  for (let i = 0; i < rows.length; i += step) sample.push(rows[i]?.pointId ?? 0);
  sample.sort((a, b) => a - b);
  const bounds: number[] = [];
  for (let k = 1; k < parts; k++) {
    const id = sample[Math.floor((k * sample.length) / parts)] ?? 0;
    if (bounds.length === 0 || id > (bounds.at(-1) ?? 0)) bounds.push(id);
  }
  const cuts: QuarterHour[][] = Array.from({ length: bounds.length + 1 }, () => []);
  for (const row of rows) {
    // The count of bounds ≤ the id: its part (width_bucket in ROLL_TAKE places the other rows so).
    let lo = 0;
    let hi = bounds.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((bounds[mid] ?? 0) <= row.pointId) lo = mid + 1;
      else hi = mid;
    }
    cuts[lo]?.push(row);
  }
  return { cuts, firstPointOfParts: bounds };
}
