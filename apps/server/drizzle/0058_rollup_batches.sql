-- Samples awaiting roll-up named by batch (telemetry/rollup-accumulator.ts): the writing process
-- merges its own batches' aggregates from memory and deletes the rows by id.
CREATE TABLE "ts_rollup_batches" (
	"batch_id" bigint NOT NULL,
	"point_ids" integer[] NOT NULL,
	"ts" timestamp with time zone[] NOT NULL,
	"values" double precision[] NOT NULL
);
--> statement-breakpoint
-- Stored out of line uncompressed, as ts_rollup_samples: measured floats do not compress.
ALTER TABLE "ts_rollup_batches" ALTER COLUMN "point_ids" SET STORAGE EXTERNAL, ALTER COLUMN "ts" SET STORAGE EXTERNAL,
	ALTER COLUMN "values" SET STORAGE EXTERNAL;
