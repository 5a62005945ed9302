import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * The time-series tables. What Drizzle cannot declare stays in hand-written SQL: ts_msg is
 * `PARTITION BY RANGE (ts)` with day partitions (ts_msg_YYYYMMDD) that the server creates and
 * drops at run time (drizzle/0059_ts_msg.sql), the view ts_raw over it, and ts_latest and the
 * roll-ups have fillfactor 70 (0001). drizzle-kit only diffs these declarations against its
 * snapshot, so neither is ever undone by a generated migration.
 */
const tstz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Raw samples, a row per device message: the values of one device at one time as two arrays
 * (point ids, values) — a key entry and a row header per message instead of per sample, which
 * made ingest's key maintenance and WAL most of the database's work (docs/performance.md). The
 * key makes a redelivered message conflict. `part`: 0 a device's samples, 1 a virtual point's
 * (device_id is then minus the point's id: each virtual point is computed on its own clock, a
 * sample each time its inputs change, so its samples are a series of their own), 2 and up
 * samples of a time that arrived after its row was stored (ingest-sql.ts storeNewSamples).
 * Read through rawSamples() (telemetry's public face), which finds a point's rows by its key.
 */
export const tsMsg = pgTable(
  'ts_msg',
  {
    deviceId: integer('device_id').notNull(),
    ts: tstz('ts').notNull(),
    part: smallint('part').notNull(),
    pointIds: integer('point_ids').array().notNull(),
    values: doublePrecision('values').array().notNull(),
  },
  (t) => [primaryKey({ name: 'ts_msg_pkey', columns: [t.deviceId, t.ts, t.part] })],
);

export const tsLatest = pgTable('ts_latest', {
  pointId: integer('point_id').primaryKey(),
  ts: tstz('ts').notNull(),
  value: doublePrecision('value').notNull(),
});

const rollup = {
  pointId: integer('point_id').notNull(),
  min: doublePrecision('min').notNull(),
  max: doublePrecision('max').notNull(),
  sum: doublePrecision('sum').notNull(),
  count: integer('count').notNull(),
  first: doublePrecision('first').notNull(),
  firstTs: tstz('first_ts').notNull(),
  last: doublePrecision('last').notNull(),
  lastTs: tstz('last_ts').notNull(),
};

export const ts15m = pgTable('ts_15m', { ...rollup, bucket: tstz('bucket').notNull() }, (t) => [
  primaryKey({ name: 'ts_15m_pkey', columns: [t.pointId, t.bucket] }),
]);
export const ts1d = pgTable('ts_1d', { ...rollup, day: date('day').notNull() }, (t) => [
  primaryKey({ name: 'ts_1d_pkey', columns: [t.pointId, t.day] }),
]);

/**
 * Roll-up deltas not yet merged: per point and UTC quarter-hour, the aggregates of the samples
 * one ingest transaction stored, written with them. Versions before ts_rollup_samples wrote
 * these; the roller still merges any it finds (a rolling upgrade, a database of an older
 * version). The roller deletes and merges them into ts_latest, ts_15m and ts_1d in one
 * statement (domains/telemetry/telemetry/rollup-roller.ts). An append-only heap: no key, no index.
 */
export const tsRollupPending = pgTable('ts_rollup_pending', {
  pointId: integer('point_id').notNull(),
  bucket: tstz('bucket').notNull(),
  min: doublePrecision('min').notNull(),
  max: doublePrecision('max').notNull(),
  sum: doublePrecision('sum').notNull(),
  count: integer('count').notNull(),
  first: doublePrecision('first').notNull(),
  firstTs: tstz('first_ts').notNull(),
  last: doublePrecision('last').notNull(),
  lastTs: tstz('last_ts').notNull(),
});

/**
 * Samples awaiting roll-up: one row per ingest transaction that left its roll-ups to the roller,
 * holding that transaction's samples as three arrays (written with them, so an acknowledged
 * sample is durable with its pending roll-up). One row a batch instead of a delta row a sample:
 * the COPY, the roller's DELETE and its WAL cost a row a batch (docs/performance.md "Headroom").
 * The roller aggregates the arrays per point and UTC quarter-hour and merges them with whatever
 * ts_rollup_pending holds (deltas an earlier version wrote, e.g. during a rolling upgrade).
 * Arrays in the order of the COPY row (copy-binary.ts encodeSampleArrays).
 */
export const tsRollupSamples = pgTable('ts_rollup_samples', {
  pointIds: integer('point_ids').array().notNull(),
  ts: tstz('ts').array().notNull(),
  values: doublePrecision('values').array().notNull(),
});

/**
 * Samples awaiting roll-up, one row per ingest transaction, as ts_rollup_samples but named by
 * `batch_id` (the writing process's tag × 2^32 + its batch sequence). The process that wrote a
 * row also aggregated its samples in memory; its roller merges those aggregates and deletes the
 * rows by id, so the arrays are unnested only where that process could not roll them (it died,
 * or another instance's roller took them first). ts_rollup_samples stays for rows an earlier
 * version writes during a rolling upgrade (its COPY names no columns).
 */
export const tsRollupBatches = pgTable('ts_rollup_batches', {
  batchId: bigint('batch_id', { mode: 'number' }).notNull(),
  pointIds: integer('point_ids').array().notNull(),
  ts: tstz('ts').array().notNull(),
  values: doublePrecision('values').array().notNull(),
});

export const tsQuarantine = pgTable(
  'ts_quarantine',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    receivedAt: tstz('received_at').notNull().defaultNow(),
    topic: text('topic').notNull(),
    stationCode: text('station_code'),
    sn: text('sn'),
    pointCode: text('point_code'),
    ts: tstz('ts'),
    reason: text('reason').notNull(),
    detail: text('detail'),
    payload: text('payload'),
  },
  (t) => [index('ts_quarantine_received').on(t.receivedAt)],
);

/**
 * A storage counter's energy on one ended local day per TOU period (monitoring/energy,
 * period-days.repository.ts): what the statement, the earnings glance and the home KPIs sum
 * instead of the day's 96 quarter-hours. `micro` and `quarters` are indexed like TOU_PERIODS;
 * `cut` is the day's period per quarter-hour the sums were cut by (one digit each). A row holds
 * only while the day's data is the data it was summed from: `samples` is ts_1d's count of that
 * day and `prev_ts` the last reading of the newest ts_1d day before it, both taken in the same
 * statement as the sums; a late sample changes one of them and the day is summed again.
 */
export const energyPeriodDays = pgTable(
  'energy_period_day',
  {
    pointId: integer('point_id').notNull(),
    zone: text('zone').notNull(),
    day: date('day').notNull(),
    cut: text('cut').notNull(),
    samples: integer('samples').notNull(),
    prevTs: tstz('prev_ts'),
    micro: bigint('micro', { mode: 'number' }).array().notNull(),
    quarters: integer('quarters').array().notNull(),
  },
  (t) => [primaryKey({ name: 'energy_period_day_pkey', columns: [t.pointId, t.zone, t.day] })],
);
