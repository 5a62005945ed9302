CREATE TABLE "wo_number" (
	"day" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wo_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"min_level" smallint NOT NULL,
	"template_id" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wo_schedule" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"order_type" smallint NOT NULL,
	"cron" text NOT NULL,
	"template_id" integer NOT NULL,
	"title" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wo_step" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"action" text NOT NULL,
	"user_id" integer,
	"user_name" text,
	"time" timestamp with time zone DEFAULT now() NOT NULL,
	"opinion" text,
	"node_id" text,
	"to_node_id" text,
	"attachment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wo_template" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"order_type" smallint NOT NULL,
	"definition_key" text NOT NULL,
	"executor_post_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"executor_user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sla_hours" integer,
	"form_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wo_definition" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"xml" text NOT NULL,
	"nodes" jsonb NOT NULL,
	"suspended" boolean DEFAULT false NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"deployed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deployed_by" text,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wo_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"title" text NOT NULL,
	"order_type" smallint NOT NULL,
	"source" text NOT NULL,
	"station_id" integer NOT NULL,
	"device_id" integer,
	"alarm_event_id" integer,
	"description" text,
	"remark" text,
	"priority" smallint DEFAULT 3 NOT NULL,
	"planned_time" timestamp with time zone,
	"initiator_id" integer,
	"executors" jsonb NOT NULL,
	"executor_id" integer,
	"template_id" integer,
	"definition_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"active_node_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"assignees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"engine_state" jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"image_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attachment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sla_due_at" timestamp with time zone,
	"sla_reminded_at" timestamp with time zone,
	"sla_escalated_at" timestamp with time zone,
	"repair_time" timestamp with time zone,
	"accept_time" timestamp with time zone,
	"finish_time" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wo_order_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "wo_rule" ADD CONSTRAINT "wo_rule_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wo_rule" ADD CONSTRAINT "wo_rule_template_id_wo_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."wo_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wo_schedule" ADD CONSTRAINT "wo_schedule_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wo_schedule" ADD CONSTRAINT "wo_schedule_template_id_wo_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."wo_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wo_step" ADD CONSTRAINT "wo_step_order_id_wo_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."wo_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wo_step" ADD CONSTRAINT "wo_step_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wo_order" ADD CONSTRAINT "wo_order_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wo_order" ADD CONSTRAINT "wo_order_initiator_id_sys_user_id_fk" FOREIGN KEY ("initiator_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wo_order" ADD CONSTRAINT "wo_order_executor_id_sys_user_id_fk" FOREIGN KEY ("executor_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wo_order" ADD CONSTRAINT "wo_order_definition_id_wo_definition_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."wo_definition"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wo_rule_station" ON "wo_rule" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "wo_schedule_station" ON "wo_schedule" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "wo_step_order" ON "wo_step" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "wo_step_user" ON "wo_step" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wo_definition_key_version" ON "wo_definition" USING btree ("key","version");--> statement-breakpoint
CREATE INDEX "wo_order_station" ON "wo_order" USING btree ("station_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "wo_order_alarm_open" ON "wo_order" USING btree ("alarm_event_id") WHERE "wo_order"."alarm_event_id" is not null and "wo_order"."ended_at" is null;