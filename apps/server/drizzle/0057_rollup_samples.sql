-- Samples awaiting roll-up, one row (three arrays) per ingest transaction (telemetry/rollup-roller.ts).
CREATE TABLE "ts_rollup_samples" (
	"point_ids" integer[] NOT NULL,
	"ts" timestamp with time zone[] NOT NULL,
	"values" double precision[] NOT NULL
);
--> statement-breakpoint
-- Stored out of line uncompressed: measured floats do not compress, trying costs CPU on every batch.
ALTER TABLE "ts_rollup_samples" ALTER COLUMN "point_ids" SET STORAGE EXTERNAL, ALTER COLUMN "ts" SET STORAGE EXTERNAL,
	ALTER COLUMN "values" SET STORAGE EXTERNAL;
