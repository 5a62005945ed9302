CREATE TABLE "biz_home_default" (
	"station_id" integer PRIMARY KEY NOT NULL,
	"blocks" jsonb NOT NULL,
	"updated_by" integer,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "biz_home_default" ADD CONSTRAINT "biz_home_default_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_home_default" ADD CONSTRAINT "biz_home_default_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;