import { encodeQuarterHours } from './copy-binary';
import { COUNT_OWN_BATCHES, ROLL_PENDING } from './ingest-sql';
import type { OwnBatches } from './rollup-accumulator';
import type { RollResult, RollupZones } from './writer-session';

/** What a roll needs of its session, inside the transaction that holds the roller's turn. */
export type RollIo = {
  query: <T extends Record<string, unknown>>(sql: string, params: unknown[]) => Promise<T[]>;
  /** COPYs binary rows into the session's ingest_rollup. */
  copyAggregates: (rows: Buffer<ArrayBuffer>) => Promise<void>;
};

/**
 * One roll (ROLL_PENDING) on either database: this process's aggregates are merged only if
 * every one of their batches' rows is still pending (no other roller took one), else the rows
 * are unnested like any other.
 */
export async function rollPending(io: RollIo, z: RollupZones, own: OwnBatches): Promise<RollResult> {
  let used = own.accumulated;
  if (used) {
    const [present] = await io.query<{ n: number }>(COUNT_OWN_BATCHES, [used.ids]);
    if (present?.n !== used.ids.length) used = null;
  }
  if (used) await io.copyAggregates(encodeQuarterHours(used.quarterHours));
  const [rolled] = await io.query<{ taken: number }>(ROLL_PENDING, [
    z.zonePointIds,
    z.zoneNames,
    z.defaultZone,
    own.tag,
    own.settledUpTo,
    used?.ids ?? [],
  ]);
  const fromMemory = used?.samples ?? 0;
  return { taken: (rolled?.taken ?? 0) + fromMemory, fromMemory };
}
