/**
 * The statements of one ingest transaction, in two forms with the same result:
 *
 * - fast (no message already stored, the usual case): samples are COPYed straight into ts_msg,
 *   a row per device, time and part (copy-binary.ts MessageEncoder).
 *   A small batch merges per-(point, quarter-hour) aggregates the server computed from them
 *   into the roll-ups at once (WRITE_ROLLUPS); a large one (or any while the roller is busy)
 *   COPYs its samples as one row of arrays into ts_rollup_batches, which the roller merges
 *   later (ROLL_PENDING), many batches at a time.
 *   A row whose key is already stored makes the COPY fail on the primary key; the transaction
 *   is rolled back and the batch takes the checked form.
 * - checked: the rows are COPYed into a staging table; one statement stores the samples not
 *   stored yet and maintains ts_latest and the roll-ups from those, so a redelivered sample
 *   changes nothing anywhere.
 */

/** Session-local tables, emptied by every commit (roll_q: ingest_rollup's rows with their part). */
export const CREATE_STAGING = `
CREATE TEMP TABLE IF NOT EXISTS ingest_stage (
  device_id integer NOT NULL, ts timestamptz NOT NULL, part smallint NOT NULL,
  point_ids integer[] NOT NULL, "values" double precision[] NOT NULL
) ON COMMIT DELETE ROWS;
CREATE TEMP TABLE IF NOT EXISTS ingest_rollup (
  point_id integer NOT NULL, bucket timestamptz NOT NULL, mn double precision NOT NULL,
  mx double precision NOT NULL, sm double precision NOT NULL, cn integer NOT NULL,
  fv double precision NOT NULL, fts timestamptz NOT NULL, lv double precision NOT NULL, lts timestamptz NOT NULL
) ON COMMIT DELETE ROWS;
CREATE TEMP TABLE IF NOT EXISTS roll_q (LIKE ingest_rollup, part integer NOT NULL) ON COMMIT DELETE ROWS;
CREATE INDEX IF NOT EXISTS roll_q_part ON roll_q (part)`;

/** COPY statements reading binary rows from the client (PostgreSQL) or a blob (PGlite). */
export const copyInto = (
  table: 'ts_msg' | 'ingest_stage' | 'ingest_rollup' | 'roll_q' | 'ts_rollup_batches',
  source: 'stdin' | 'blob',
): string => `COPY ${table} FROM ${source === 'stdin' ? 'STDIN' : `'/dev/blob'`} WITH (FORMAT binary)`;

/** first/last of a group: the value at the smallest/largest time (no first()/last() aggregate in PostgreSQL). */
const first = (t: string, v: string) => `(min(ARRAY[date_part('epoch', ${t}), ${v}]))[2]`;
const last = (t: string, v: string) => `(max(ARRAY[date_part('epoch', ${t}), ${v}]))[2]`;

const merge = (table: string) => `
    min = least(${table}.min, excluded.min),
    max = greatest(${table}.max, excluded.max),
    sum = ${table}.sum + excluded.sum,
    count = ${table}.count + excluded.count,
    first = CASE WHEN excluded.first_ts < ${table}.first_ts THEN excluded.first ELSE ${table}.first END,
    first_ts = least(${table}.first_ts, excluded.first_ts),
    last = CASE WHEN excluded.last_ts > ${table}.last_ts THEN excluded.last ELSE ${table}.last END,
    last_ts = greatest(${table}.last_ts, excluded.last_ts)`;

/**
 * ts_latest (newer only), ts_15m and ts_1d from `q` (point_id, bucket, mn, mx, sm, cn, fv,
 * fts, lv, lts): one row per point and UTC quarter-hour. $1 integer[] / $2 text[] name the
 * points whose station is not in the default zone $3.
 *
 * Daily roll-ups are built from the quarter-hours: every zone offset in use is a multiple of
 * 15 minutes, so a UTC-aligned quarter-hour lies within one local day.
 *
 * Rows are upserted in key order, table after table, in every statement that runs this (batch,
 * checked batch, roller): two of them locking the same rows lock them in the same order, so a
 * roller and a batch (or two instances) wait for each other instead of deadlocking.
 */
const LATEST = `
latest AS (
  INSERT INTO ts_latest (point_id, ts, value)
  SELECT DISTINCT ON (point_id) point_id, lts, lv FROM q ORDER BY point_id, lts DESC
  ON CONFLICT (point_id) DO UPDATE SET ts = excluded.ts, value = excluded.value
  WHERE excluded.ts > ts_latest.ts
)`;
const R15 = `
r15 AS (
  INSERT INTO ts_15m (point_id, bucket, min, max, sum, count, first, first_ts, last, last_ts)
  SELECT point_id, bucket, mn, mx, sm, cn, fv, fts, lv, lts FROM q ORDER BY point_id, bucket
  ON CONFLICT (point_id, bucket) DO UPDATE SET ${merge('ts_15m')}
)`;
/** ts_1d from `q`, each point's quarter-hours in its station's local day (the zone parameters named). */
const r1d = (zonePointIds: string, zoneNames: string, defaultZone: string) => `
r1d AS (
  INSERT INTO ts_1d (point_id, day, min, max, sum, count, first, first_ts, last, last_ts)
  SELECT point_id, (bucket AT TIME ZONE coalesce(z.zone, ${defaultZone}::text))::date,
    min(mn), max(mx), sum(sm), sum(cn)::integer, ${first('fts', 'fv')}, min(fts), ${last('lts', 'lv')}, max(lts)
  FROM q LEFT JOIN unnest(${zonePointIds}::integer[], ${zoneNames}::text[]) AS z(point_id, zone) USING (point_id)
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (point_id, day) DO UPDATE SET ${merge('ts_1d')}
)`;
const ROLLUPS = `${LATEST}, ${R15}, ${r1d('$1', '$2', '$3')}`;

/** Fast form, after the samples were COPYed into ts_msg and their aggregates into ingest_rollup. */
export const WRITE_ROLLUPS = `WITH q AS (SELECT * FROM ingest_rollup), ${ROLLUPS} SELECT 1`;

/** The pending rows a roll takes (deleted) and `q`, one row per point and quarter-hour of them. */
const takePending = (tag: string, settled: string, ids: string) => `
WITH taken AS (
  DELETE FROM ts_rollup_pending RETURNING *
), taken_samples AS (
  DELETE FROM ts_rollup_samples RETURNING point_ids, ts, "values"
), own AS (
  DELETE FROM ts_rollup_batches WHERE batch_id = ANY(${ids}::bigint[]) RETURNING batch_id
), taken_batches AS (
  DELETE FROM ts_rollup_batches
  WHERE batch_id >> 32 <> ${tag}::bigint OR (batch_id <= ${settled}::bigint AND batch_id <> ALL(${ids}::bigint[]))
  RETURNING point_ids, ts, "values"
), arrays AS (
  SELECT * FROM taken_samples UNION ALL SELECT * FROM taken_batches
), d AS (
  SELECT point_id, bucket, "min" AS mn, "max" AS mx, "sum" AS sm, "count" AS cn,
    "first" AS fv, "first_ts" AS fts, "last" AS lv, "last_ts" AS lts FROM taken
  UNION ALL
  SELECT point_id, bucket, mn, mx, sm, cn, fv, fts, lv, lts FROM ingest_rollup
  UNION ALL
  SELECT u.point_id, date_bin('15 minutes', u.ts, timestamptz '1970-01-01 00:00:00+00'),
    u.value, u.value, u.value, 1, u.value, u.ts, u.value, u.ts
  FROM arrays, unnest(point_ids, ts, "values") AS u(point_id, ts, value)
), q AS MATERIALIZED (
  SELECT point_id, bucket, min(mn) AS mn, max(mx) AS mx, sum(sm) AS sm, sum(cn)::integer AS cn,
    ${first('fts', 'fv')} AS fv, min(fts) AS fts, ${last('lts', 'lv')} AS lv, max(lts) AS lts
  FROM d GROUP BY 1, 2
)`;

const COUNTS = `((SELECT count(*) FROM taken) + (SELECT coalesce(sum(cardinality(point_ids)), 0) FROM arrays))::integer AS taken,
  (SELECT count(*) FROM own)::integer AS own`;

/**
 * The roller: takes every pending row committed before the statement's snapshot (later ones
 * stay for the next roll) and merges them, one row per point and quarter-hour, in the same
 * statement, so each sample counts exactly once. Pending rows are batches' samples as arrays
 * and, from versions before those, per-batch aggregates (ts_rollup_pending) and unnamed arrays
 * (ts_rollup_samples): an instance of an older version may still write them during a rolling
 * upgrade.
 *
 * This process's own batches ($4 its tag, $5 settledUpTo, $6 the ids whose aggregates it COPYed
 * into ingest_rollup in this transaction — rollup-accumulator.ts): their rows are deleted by id
 * and their aggregates merged instead of their arrays. Its other rows above $5 may be in its
 * next aggregates and stay; every other row is unnested. Returns the samples and deltas taken
 * from the tables (the aggregates' samples are counted by the caller).
 */
export const ROLL_PENDING = `${takePending('$4', '$5', '$6')}, ${ROLLUPS}
SELECT ${COUNTS}`;

/**
 * A paced roll (PostgreSQL, roll-pending.ts), in one transaction like ROLL_PENDING. This
 * statement takes the rows other than the aggregates' ($1 tag, $2 settledUpTo, $3 own ids, as
 * $4–$6 above; ingest_rollup stays empty) and keeps them in roll_q, one row per point and
 * quarter-hour, each in the part of its point: $4 the first point id of every part after the
 * first (the aggregates' cut), or, without aggregates, parts of $5 rows in key order. The
 * aggregates are COPYed into roll_q with their parts; ROLL_PARTS then merge part after part,
 * table after table — the order every roll-up upsert locks in.
 */
export const ROLL_TAKE = `${takePending('$1', '$2', '$3')}, kept AS (
  INSERT INTO roll_q
  SELECT q.*, CASE WHEN cardinality($4::integer[]) > 0 THEN width_bucket(point_id, $4::integer[])
    ELSE ((row_number() OVER (ORDER BY point_id, bucket) - 1) / $5::integer)::integer END
  FROM q
)
SELECT ${COUNTS}, (SELECT count(*) FROM q)::integer AS rows`;

/** One part of roll_q ($1), its aggregates and the taken rows of the same quarter-hour merged. */
const PART = `q AS (
  SELECT point_id, bucket, min(mn) AS mn, max(mx) AS mx, sum(sm) AS sm, sum(cn)::integer AS cn,
    ${first('fts', 'fv')} AS fv, min(fts) AS fts, ${last('lts', 'lv')} AS lv, max(lts) AS lts
  FROM roll_q WHERE part = $1 GROUP BY 1, 2
)`;

/** Merges one part of roll_q into one roll-up table: $1 the part (ts_1d: $2–$4 as ROLLUPS' $1–$3). */
export const ROLL_PARTS = [
  `WITH ${PART}, ${LATEST} SELECT 1`,
  `WITH ${PART}, ${R15} SELECT 1`,
  `WITH ${PART}, ${r1d('$2', '$3', '$4')} SELECT 1`,
] as const;

/** How many of these batches' rows are still pending (all of them, or a roll cannot use their aggregates). */
export const COUNT_OWN_BATCHES =
  'SELECT count(*)::integer AS n FROM ts_rollup_batches WHERE batch_id = ANY($1::bigint[])';

/**
 * After a roll: the space of the rows it deleted is free for the next COPYs at once, so the
 * heaps stay at about one interval of pending rows and the next DELETE scans only those
 * (autovacuum comes once a minute). No truncation: it would wait for the ingest's COPYs.
 */
export const VACUUM_PENDING = 'VACUUM (TRUNCATE false) ts_rollup_batches, ts_rollup_samples, ts_rollup_pending';

/** Samples and deltas waiting for the roller (tools, benches, tests). */
export const COUNT_PENDING = `SELECT ((SELECT count(*) FROM ts_rollup_pending)
  + (SELECT coalesce(sum(cardinality(point_ids)), 0) FROM ts_rollup_samples)
  + (SELECT coalesce(sum(cardinality(point_ids)), 0) FROM ts_rollup_batches))::integer AS n`;

/** Rollers of several instances take turns (rolling the same roll-up rows at once could deadlock). */
export const TRY_ROLLER_LOCK = `SELECT pg_try_advisory_xact_lock(hashtext('ts_rollup_pending')) AS locked`;

/**
 * CTEs storing the samples of `stage` (rows as ts_msg's: device_id, ts, part, point_ids,
 * values; one row per key) that are not stored yet; `stored` names them (point_id, ts, value).
 * Samples whose point is already in a stored row of their device and time are left out; the
 * rest go in a row of their part if none is stored, else in a new part (2 and up) — so a
 * sample of a kind (device, virtual) is stored only where its part-0/1 row exists, and the fast
 * form's COPY meets that row. Two writers adding the same part collide on the key: the later
 * one fails and its batch is written again.
 */
export const storeNewSamples = (stage: string) => `
old AS MATERIALIZED (
  SELECT m.device_id, m.ts, m.part, m.point_ids
  FROM ts_msg m JOIN (SELECT DISTINCT device_id, ts FROM ${stage}) s USING (device_id, ts)
), fresh AS (
  SELECT s.device_id, s.ts, s.part, u.point_id, u.value, u.n
  FROM ${stage} s, unnest(s.point_ids, s."values") WITH ORDINALITY AS u(point_id, value, n)
  WHERE NOT EXISTS (
    SELECT 1 FROM old o WHERE o.device_id = s.device_id AND o.ts = s.ts AND u.point_id = ANY(o.point_ids)
  )
), placed AS (
  SELECT f.device_id, f.ts, f.part, array_agg(f.point_id ORDER BY f.n) AS point_ids,
    array_agg(f.value ORDER BY f.n) AS "values",
    (SELECT max(o.part) FROM old o WHERE o.device_id = f.device_id AND o.ts = f.ts) AS max_part,
    EXISTS (SELECT 1 FROM old o WHERE o.device_id = f.device_id AND o.ts = f.ts AND o.part = f.part) AS taken
  FROM fresh f GROUP BY 1, 2, 3
), ins AS (
  INSERT INTO ts_msg (device_id, ts, part, point_ids, "values")
  SELECT device_id, ts,
    CASE WHEN taken THEN greatest(1, max_part) + row_number() OVER (PARTITION BY device_id, ts, taken ORDER BY part)
      ELSE part END,
    point_ids, "values"
  FROM placed
  RETURNING ts, point_ids, "values"
), stored AS (
  SELECT u.point_id, ins.ts, u.value FROM ins, unnest(ins.point_ids, ins."values") AS u(point_id, value)
)`;

/** Checked form, after the rows were COPYed into ingest_stage; returns the samples newly stored. */
export const WRITE_SAMPLES_CHECKED = `
WITH ${storeNewSamples('ingest_stage')}, q AS MATERIALIZED (
  SELECT point_id, date_bin('15 minutes', ts, timestamptz '1970-01-01 00:00:00+00') AS bucket,
    min(value) AS mn, max(value) AS mx, sum(value) AS sm, count(*)::integer AS cn,
    ${first('ts', 'value')} AS fv, min(ts) AS fts, ${last('ts', 'value')} AS lv, max(ts) AS lts
  FROM stored GROUP BY 1, 2
), ${ROLLUPS}
SELECT count(*)::integer AS inserted FROM stored`;

/** $1: JSON array of quarantine entries (ts in epoch ms or null). */
export const WRITE_QUARANTINE = `
INSERT INTO ts_quarantine (topic, station_code, sn, point_code, ts, reason, detail, payload)
SELECT topic, "stationCode", sn, "pointCode", timestamptz 'epoch' + ts * interval '1 millisecond', reason, detail, payload
FROM json_to_recordset($1::json) AS q(
  topic text, "stationCode" text, sn text, "pointCode" text, ts double precision, reason text, detail text, payload text
)`;
