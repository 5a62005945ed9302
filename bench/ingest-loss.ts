import type { Database } from '../apps/server/src/db/client';
import { COUNT_PENDING } from '../apps/server/src/domains/telemetry/telemetry/ingest-sql';

const COUNT = `
SELECT coalesce(sum(cardinality(m.point_ids)), 0)::int AS n
FROM unnest($1::int[], $2::float8[]) AS a(device_id, ms)
JOIN ts_msg m ON m.device_id = a.device_id AND m.ts = timestamptz 'epoch' + a.ms * interval '1 millisecond'`;

/** How many samples of the acknowledged messages (device serial → sample times) are stored (ts_msg). */
export async function countStored(
  database: Database,
  devices: { id: number; sn: string }[],
  acked: Record<string, number[]>,
): Promise<number> {
  const ids: number[] = [];
  const times: number[] = [];
  for (const d of devices) {
    for (const ts of acked[d.sn] ?? []) {
      ids.push(d.id);
      times.push(ts);
    }
  }
  let found = 0;
  for (let i = 0; i < ids.length; i += 50_000) {
    const params = [ids.slice(i, i + 50_000), times.slice(i, i + 50_000)];
    const raw = database.raw;
    const rows =
      raw.kind === 'postgres'
        ? (await raw.pool.query<{ n: number }>(COUNT, params)).rows
        : (await raw.client.query<{ n: number }>(COUNT, params)).rows;
    found += rows[0]?.n ?? 0;
  }
  return found;
}

const ROLLUP_CHECK = `
SELECT (${COUNT_PENDING}) AS pending,
  (SELECT coalesce(sum(count), 0) FROM ts_15m)::bigint AS c15,
  (SELECT coalesce(sum(count), 0) FROM ts_1d)::bigint AS c1d,
  (SELECT coalesce(sum(cardinality(point_ids)), 0) FROM ts_msg)::bigint AS raw,
  (SELECT count(*) FROM ts_latest)::int AS latest,
  (SELECT count(DISTINCT point_id) FROM ts_raw)::int AS points`;

/**
 * After the last roll: deltas left, and whether the roll-ups count every stored sample exactly
 * once (15-minute and daily counts equal the raw rows, one latest row per point).
 */
export async function checkRollups(database: Database): Promise<{ pendingDeltas: number; rollupsMatchRaw: boolean }> {
  const raw = database.raw;
  type Row = { pending: number; c15: string; c1d: string; raw: string; latest: number; points: number };
  const rows =
    raw.kind === 'postgres'
      ? (await raw.pool.query<Row>(ROLLUP_CHECK)).rows
      : (await raw.client.query<Row>(ROLLUP_CHECK)).rows;
  const r = rows[0];
  if (!r) throw new Error('no answer');
  return {
    pendingDeltas: r.pending,
    rollupsMatchRaw: Number(r.c15) === Number(r.raw) && Number(r.c1d) === Number(r.raw) && r.latest === r.points,
  };
}
