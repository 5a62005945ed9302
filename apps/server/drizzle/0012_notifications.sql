CREATE TABLE "ntf_chain" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"station_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"levels" smallint[] NOT NULL,
	"stop_on_recovery" boolean DEFAULT true NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ntf_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"station_id" integer,
	"chain_id" integer,
	"step" smallint,
	"user_id" integer,
	"channel" text NOT NULL,
	"address" text,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"subject" text NOT NULL,
	"event_ids" integer[] NOT NULL,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "ntf_quiet" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	"timezone" text NOT NULL,
	"allow_critical" boolean DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ntf_rate" (
	"station_id" integer PRIMARY KEY NOT NULL,
	"max_per_window" integer NOT NULL,
	"window_minutes" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ntf_step" (
	"chain_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"delay_minutes" integer NOT NULL,
	"repeat_minutes" integer NOT NULL,
	"channels" text[] NOT NULL,
	"user_ids" integer[] NOT NULL,
	"role_ids" integer[] NOT NULL,
	CONSTRAINT "ntf_step_chain_id_position_pk" PRIMARY KEY("chain_id","position")
);
--> statement-breakpoint
CREATE TABLE "ntf_task" (
	"event_id" integer NOT NULL,
	"chain_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"next_due_at" timestamp with time zone,
	"rounds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ntf_task_event_id_chain_id_pk" PRIMARY KEY("event_id","chain_id")
);
--> statement-breakpoint
ALTER TABLE "ntf_log" ADD CONSTRAINT "ntf_log_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ntf_log" ADD CONSTRAINT "ntf_log_chain_id_ntf_chain_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."ntf_chain"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ntf_log" ADD CONSTRAINT "ntf_log_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ntf_quiet" ADD CONSTRAINT "ntf_quiet_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ntf_rate" ADD CONSTRAINT "ntf_rate_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ntf_step" ADD CONSTRAINT "ntf_step_chain_id_ntf_chain_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."ntf_chain"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ntf_task" ADD CONSTRAINT "ntf_task_event_id_alarm_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."alarm_event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ntf_task" ADD CONSTRAINT "ntf_task_chain_id_ntf_chain_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."ntf_chain"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ntf_log_at" ON "ntf_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "ntf_log_rate" ON "ntf_log" USING btree ("station_id","user_id","at");--> statement-breakpoint
CREATE INDEX "ntf_task_due" ON "ntf_task" USING btree ("next_due_at") WHERE "ntf_task"."next_due_at" IS NOT NULL;