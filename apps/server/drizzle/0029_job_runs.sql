CREATE TABLE "sys_job_run" (
	"job" text PRIMARY KEY NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"runs" bigint DEFAULT 0 NOT NULL
);
