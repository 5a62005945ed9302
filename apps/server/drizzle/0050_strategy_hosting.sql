CREATE TABLE "biz_hosting_day" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"date" text NOT NULL,
	"state" text NOT NULL,
	"fallback" text,
	"reason" text,
	"deadline_at" timestamp with time zone NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"soc0" double precision NOT NULL,
	"soc_measured" boolean NOT NULL,
	"plan" jsonb NOT NULL,
	"rule" jsonb NOT NULL,
	"load_kw" jsonb NOT NULL,
	"pv_kw" jsonb NOT NULL,
	"currency" text NOT NULL,
	"reviewer_id" integer,
	"reviewer_name" text,
	"opinion" text,
	"reviewed_at" timestamp with time zone,
	"command_id" integer,
	"delivered_at" timestamp with time zone,
	"rule_restored_at" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "biz_hosting_day_station_date" UNIQUE("station_id","date")
);
--> statement-breakpoint
CREATE TABLE "biz_hosting_setting" (
	"station_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"deadline" text NOT NULL,
	"alarm_level" integer NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_by_name" text NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "biz_hosting_day" ADD CONSTRAINT "biz_hosting_day_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_hosting_setting" ADD CONSTRAINT "biz_hosting_setting_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE cascade ON UPDATE no action;