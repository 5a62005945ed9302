/**
 * The statements of one ingest transaction. Samples are first copied into a session-local
 * staging table; one statement then inserts them into ts_raw and maintains ts_latest and the
 * roll-ups from the rows that insert returned, so a redelivered sample (primary key
 * conflict) changes nothing anywhere.
 */

export const STAGE_TABLE = 'ingest_stage';

/** Session-local, emptied by every commit. */
export const CREATE_STAGE = `CREATE TEMP TABLE IF NOT EXISTS ${STAGE_TABLE} (
  point_id integer NOT NULL, ts timestamptz NOT NULL, value double precision NOT NULL
) ON COMMIT DELETE ROWS`;

export const COPY_STAGE = `COPY ${STAGE_TABLE} (point_id, ts, value) FROM STDIN WITH (FORMAT binary)`;
export const COPY_STAGE_BLOB = `COPY ${STAGE_TABLE} (point_id, ts, value) FROM '/dev/blob' WITH (FORMAT binary)`;

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
 * $1 integer[] / $2 text[]: points whose station is not in the default zone, with that zone;
 * $3 text: the default zone. Returns the number of rows inserted into ts_raw.
 *
 * Daily roll-ups are built from the 15-minute groups: every zone offset in use is a multiple
 * of 15 minutes, so a UTC-aligned quarter-hour lies within one local day.
 */
export const WRITE_SAMPLES = `
WITH ins AS (
  INSERT INTO ts_raw (point_id, ts, value)
  SELECT point_id, ts, value FROM ${STAGE_TABLE}
  ON CONFLICT DO NOTHING
  RETURNING point_id, ts, value
), q AS MATERIALIZED (
  SELECT point_id, date_bin('15 minutes', ts, timestamptz '1970-01-01 00:00:00+00') AS bucket,
    min(value) AS mn, max(value) AS mx, sum(value) AS sm, count(*)::integer AS cn,
    ${first('ts', 'value')} AS fv, min(ts) AS fts, ${last('ts', 'value')} AS lv, max(ts) AS lts
  FROM ins GROUP BY 1, 2
), latest AS (
  INSERT INTO ts_latest (point_id, ts, value)
  SELECT DISTINCT ON (point_id) point_id, lts, lv FROM q ORDER BY point_id, lts DESC
  ON CONFLICT (point_id) DO UPDATE SET ts = excluded.ts, value = excluded.value
  WHERE excluded.ts > ts_latest.ts
), r15 AS (
  INSERT INTO ts_15m (point_id, bucket, min, max, sum, count, first, first_ts, last, last_ts)
  SELECT point_id, bucket, mn, mx, sm, cn, fv, fts, lv, lts FROM q
  ON CONFLICT (point_id, bucket) DO UPDATE SET ${merge('ts_15m')}
), r1d AS (
  INSERT INTO ts_1d (point_id, day, min, max, sum, count, first, first_ts, last, last_ts)
  SELECT point_id, (bucket AT TIME ZONE coalesce(z.zone, $3::text))::date,
    min(mn), max(mx), sum(sm), sum(cn)::integer, ${first('fts', 'fv')}, min(fts), ${last('lts', 'lv')}, max(lts)
  FROM q LEFT JOIN unnest($1::integer[], $2::text[]) AS z(point_id, zone) USING (point_id)
  GROUP BY 1, 2
  ON CONFLICT (point_id, day) DO UPDATE SET ${merge('ts_1d')}
)
SELECT count(*)::integer AS inserted FROM ins`;

/** $1: JSON array of quarantine entries (ts in epoch ms or null). */
export const WRITE_QUARANTINE = `
INSERT INTO ts_quarantine (topic, station_code, sn, point_code, ts, reason, detail, payload)
SELECT topic, "stationCode", sn, "pointCode", timestamptz 'epoch' + ts * interval '1 millisecond', reason, detail, payload
FROM json_to_recordset($1::json) AS q(
  topic text, "stationCode" text, sn text, "pointCode" text, ts double precision, reason text, detail text, payload text
)`;
