CREATE TABLE "sys_instance" (
	"id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"connections" integer NOT NULL,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"beat_time" timestamp with time zone DEFAULT now() NOT NULL,
	"adopted_by" text,
	"adopted_time" timestamp with time zone,
	"acked_messages" bigint DEFAULT 0 NOT NULL,
	"adopted_messages" bigint DEFAULT 0 NOT NULL
);
