-- Raw samples become a row per device message (telemetry-schema.ts tsMsg): one key entry and row
-- header per message instead of per sample (docs/performance.md "A row per message").
-- Partitioned by day like ts_raw was; the server creates and drops the partitions.
CREATE TABLE "ts_msg" (
	"device_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"part" smallint NOT NULL,
	"point_ids" integer[] NOT NULL,
	"values" double precision[] NOT NULL,
	CONSTRAINT "ts_msg_pkey" PRIMARY KEY ("device_id", "ts", "part")
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
-- ts_raw's day partitions, with the same bounds.
DO $$
DECLARE r record;
BEGIN
	FOR r IN SELECT c.relname, pg_get_expr(c.relpartbound, c.oid) AS bound
		FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'ts_raw'::regclass
	LOOP
		EXECUTE format('CREATE TABLE %I PARTITION OF ts_msg %s', replace(r.relname, 'ts_raw_', 'ts_msg_'), r.bound);
	END LOOP;
END $$;
--> statement-breakpoint
-- The stored samples, a row per device and time in part 0; a virtual point's, a row per time in
-- part 1 under minus its id (samples of points deleted since have no device and go with ts_raw).
INSERT INTO "ts_msg" ("device_id", "ts", "part", "point_ids", "values")
SELECT CASE WHEN p.formula IS NULL THEN p.device_id ELSE -p.id END, r.ts, CASE WHEN p.formula IS NULL THEN 0 ELSE 1 END,
	array_agg(r.point_id ORDER BY r.point_id), array_agg(r.value ORDER BY r.point_id)
FROM ts_raw r JOIN biz_point p ON p.id = r.point_id
GROUP BY 1, 2, 3;
--> statement-breakpoint
DROP TABLE "ts_raw";
--> statement-breakpoint
-- A sample a row, for tools and ad-hoc queries: it reads every device's messages of the time
-- range asked. The server reads a point's samples by its device (telemetry rawSamples()).
CREATE VIEW "ts_raw" AS
SELECT u.point_id, m.ts, u.value
FROM ts_msg m CROSS JOIN LATERAL unnest(m.point_ids, m."values") AS u(point_id, value);
