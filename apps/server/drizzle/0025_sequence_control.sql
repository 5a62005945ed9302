CREATE TABLE "biz_sequence_run_step" (
	"run_id" integer NOT NULL,
	"idx" integer NOT NULL,
	"name" text NOT NULL,
	"state" text DEFAULT 'notRun' NOT NULL,
	"device_sns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"command_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"message" text,
	CONSTRAINT "biz_sequence_run_step_run_id_idx_pk" PRIMARY KEY("run_id","idx")
);
--> statement-breakpoint
CREATE TABLE "biz_sequence_run" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer,
	"template_name" text NOT NULL,
	"station_id" integer NOT NULL,
	"steps" jsonb NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"issued_by" integer,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"end_time" timestamp with time zone,
	"heartbeat_time" timestamp with time zone DEFAULT now() NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"failed_step" integer,
	"message" text
);
--> statement-breakpoint
CREATE TABLE "biz_sequence_template" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"station_id" integer,
	"steps" jsonb NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"update_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "biz_sequence_run_step" ADD CONSTRAINT "biz_sequence_run_step_run_id_biz_sequence_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."biz_sequence_run"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_sequence_run" ADD CONSTRAINT "biz_sequence_run_template_id_biz_sequence_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."biz_sequence_template"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_sequence_run" ADD CONSTRAINT "biz_sequence_run_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_sequence_run" ADD CONSTRAINT "biz_sequence_run_issued_by_sys_user_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_sequence_template" ADD CONSTRAINT "biz_sequence_template_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_sequence_template" ADD CONSTRAINT "biz_sequence_template_update_by_sys_user_id_fk" FOREIGN KEY ("update_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "biz_sequence_run_station" ON "biz_sequence_run" USING btree ("station_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "biz_sequence_run_one_running" ON "biz_sequence_run" USING btree ("station_id") WHERE "biz_sequence_run"."state" = 'running';