-- Roll-up deltas the ingest stored with its samples, merged by the roller (telemetry/rollup-roller.ts).
CREATE TABLE "ts_rollup_pending" (
	"point_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"sum" double precision NOT NULL,
	"count" integer NOT NULL,
	"first" double precision NOT NULL,
	"first_ts" timestamp with time zone NOT NULL,
	"last" double precision NOT NULL,
	"last_ts" timestamp with time zone NOT NULL
);
