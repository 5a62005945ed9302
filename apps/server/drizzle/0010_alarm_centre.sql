CREATE TABLE "alarm_definition" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"device_id" integer,
	"device_type" text,
	"point_code" text NOT NULL,
	"condition" text NOT NULL,
	"threshold" double precision NOT NULL,
	"threshold2" double precision,
	"hold_seconds" integer DEFAULT 0 NOT NULL,
	"deadband" double precision DEFAULT 0 NOT NULL,
	"level" smallint NOT NULL,
	"content" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"seed_key" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alarm_definition_seed_key_unique" UNIQUE("seed_key")
);
--> statement-breakpoint
CREATE TABLE "alarm_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"device_id" integer,
	"device_type" text,
	"kind" text NOT NULL,
	"definition_id" integer,
	"point_code" text,
	"value" double precision,
	"limit_value" double precision,
	"level" smallint NOT NULL,
	"content" text NOT NULL,
	"dedup_key" text NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"recovered_at" timestamp with time zone,
	"confirmed" boolean DEFAULT false NOT NULL,
	"confirmer_id" integer,
	"confirmer" text,
	"confirmed_at" timestamp with time zone,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "alarm_station_override" (
	"station_id" integer NOT NULL,
	"definition_id" integer NOT NULL,
	"threshold" double precision,
	"threshold2" double precision,
	"level" smallint,
	"enabled" boolean,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alarm_station_override_station_id_definition_id_pk" PRIMARY KEY("station_id","definition_id")
);
--> statement-breakpoint
ALTER TABLE "alarm_definition" ADD CONSTRAINT "alarm_definition_device_id_biz_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."biz_device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_event" ADD CONSTRAINT "alarm_event_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_event" ADD CONSTRAINT "alarm_event_device_id_biz_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."biz_device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_event" ADD CONSTRAINT "alarm_event_definition_id_alarm_definition_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."alarm_definition"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_event" ADD CONSTRAINT "alarm_event_confirmer_id_sys_user_id_fk" FOREIGN KEY ("confirmer_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_station_override" ADD CONSTRAINT "alarm_station_override_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_station_override" ADD CONSTRAINT "alarm_station_override_definition_id_alarm_definition_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."alarm_definition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_definition_name" ON "alarm_definition" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_event_active" ON "alarm_event" USING btree ("dedup_key") WHERE "alarm_event"."recovered_at" IS NULL;--> statement-breakpoint
CREATE INDEX "alarm_event_station_raised" ON "alarm_event" USING btree ("station_id","raised_at");--> statement-breakpoint
CREATE INDEX "alarm_event_station_open" ON "alarm_event" USING btree ("station_id","raised_at") WHERE "alarm_event"."recovered_at" IS NULL OR NOT "alarm_event"."confirmed";