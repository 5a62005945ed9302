import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { DeviceReadings, TelemetryBus } from '../../../kernel/telemetry-bus';
import { epochOf, intArray, queryRows } from '../../stations/device';
import type { RegistrySnapshot } from './registry-snapshot';

export type Sample = { value: number; ts: number };

/**
 * What ts_latest holds for these points once the pending roll-ups are rolled: ts_latest merged
 * with the newest pending sample (a deferred batch, or one a previous process left); `merge`
 * keeps the newest of the rows.
 */
const STORED = (ids: readonly number[]) => sql`
  SELECT point_id::int AS p, ${epochOf(sql`ts`)}::float8 AS ts, value::float8 AS v
  FROM ts_latest WHERE point_id = any(${intArray(ids)})
  UNION ALL
  (SELECT DISTINCT ON (point_id) point_id::int, ${epochOf(sql`last_ts`)}::float8, last::float8 FROM ts_rollup_pending
   WHERE point_id = any(${intArray(ids)}) ORDER BY point_id, last_ts DESC)
  UNION ALL
  (SELECT DISTINCT ON (u.point_id) u.point_id::int, ${epochOf(sql`u.ts`)}::float8, u.value::float8
   FROM (SELECT point_ids, ts, "values" FROM ts_rollup_samples UNION ALL SELECT point_ids, ts, "values" FROM ts_rollup_batches) s,
     unnest(s.point_ids, s.ts, s."values") AS u(point_id, ts, value)
   WHERE s.point_ids && ${intArray(ids)} AND u.point_id = any(${intArray(ids)}) ORDER BY u.point_id, u.ts DESC)`;

/**
 * The newest sample of every point this instance has read or committed, in memory, so that
 * "current value" reads need no database round trip (on the embedded database every query
 * waits for the one running, ingest batches included). A point's value is loaded once from
 * the database on first read, then kept current by every committed batch; the merge keeps the
 * newer sample (strictly, like ts_latest's upsert), so a batch committed during the load is
 * never lost. Only for a database that this instance alone writes to: another instance's
 * samples reach it through a relay that may drop messages.
 */
export class LatestValues {
  private readonly samples = new Map<number, Sample>();
  /** Points whose stored value has been loaded: their entry (or its absence) is current. */
  private readonly loaded = new Set<number>();
  private readonly loading = new Map<number, Promise<void>>();
  private readonly unsubscribe: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly snapshot: () => RegistrySnapshot,
  ) {}

  /** Follows the bus: committed batches (and, should a relay run, other instances' ones). */
  attach(bus: TelemetryBus): void {
    this.unsubscribe.push(
      bus.on('committed', (r) => this.apply(r)),
      bus.on('relayedCommitted', (r) => this.apply(r)),
      // Points added or re-coded: load their values afresh rather than trust a code mapping.
      bus.on('devicesChanged', () => this.forget()),
    );
  }

  detach(): void {
    for (const u of this.unsubscribe.splice(0)) u();
  }

  /** Folds committed samples in (listener of the bus: must not throw). */
  apply(readings: readonly DeviceReadings[]): void {
    const snap = this.snapshot();
    for (const r of readings) {
      const device = snap.devicesById.get(r.deviceId);
      for (const [code, s] of Object.entries(r.values)) {
        const point = device?.points.get(code);
        // A sample of a point the snapshot does not know: what memory holds may miss it.
        if (!point) {
          this.forget();
          continue;
        }
        this.merge(point.id, s.ts, s.value);
      }
    }
  }

  /** Newest sample per point id (absent: none stored), as `latestOf` reads from ts_latest. */
  async read(pointIds: readonly number[]): Promise<Map<number, Sample>> {
    const missing = pointIds.filter((id) => !this.loaded.has(id));
    if (missing.length > 0) await this.load(missing);
    const out = new Map<number, Sample>();
    for (const id of pointIds) {
      const s = this.samples.get(id);
      if (s) out.set(id, { value: s.value, ts: s.ts });
    }
    return out;
  }

  private async load(ids: number[]): Promise<void> {
    const waits: Promise<void>[] = [];
    const fresh: number[] = [];
    for (const id of ids) {
      const p = this.loading.get(id);
      if (p) waits.push(p);
      else fresh.push(id);
    }
    if (fresh.length > 0) {
      const job = (async () => {
        const rows = await queryRows<{ p: number; ts: number; v: number }>(this.db, STORED(fresh));
        for (const r of rows) this.merge(r.p, r.ts, r.v);
        for (const id of fresh) this.loaded.add(id);
      })();
      const done = job.finally(() => {
        for (const id of fresh) if (this.loading.get(id) === done) this.loading.delete(id);
      });
      for (const id of fresh) this.loading.set(id, done);
      waits.push(done);
    }
    await Promise.all(waits);
  }

  private merge(pointId: number, ts: number, value: number): void {
    const prev = this.samples.get(pointId);
    if (!prev || ts > prev.ts) this.samples.set(pointId, { ts, value });
  }

  private forget(): void {
    this.loaded.clear();
  }
}
