-- Saved history curve sets (spec 7 hisCurveRelate): a user's named lists of indicators
-- ({deviceId, code} in chart order) for one station. Items are kept as written so a set survives
-- a device being replaced; the service marks items whose device or point is gone.
CREATE TABLE "biz_curve_set" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"name" text NOT NULL,
	"items" jsonb NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "biz_curve_set" ADD CONSTRAINT "biz_curve_set_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_curve_set" ADD CONSTRAINT "biz_curve_set_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Duplicate names are rejected (spec 5), per user and station.
CREATE UNIQUE INDEX "biz_curve_set_owner_name" ON "biz_curve_set" USING btree ("user_id","station_id","name");
--> statement-breakpoint
-- Point and curve configuration of a page block (spec 5, 7 dynamicConfig): one row per configured
-- point, keyed by station, page location, block (div) location and the route's menu id
-- (permission_id; 0 where it is not applied, station 720 of spec 6), in `sort` order.
CREATE TABLE "biz_page_config" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"station_id" integer NOT NULL,
	"page_location" text NOT NULL,
	"div_location" text NOT NULL,
	"permission_id" integer DEFAULT 0 NOT NULL,
	"device_id" integer NOT NULL,
	"point_id" integer NOT NULL,
	"label" text,
	"sort" integer NOT NULL,
	"update_by" integer,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "biz_page_config_kind_check" CHECK ("kind" IN ('curve', 'point'))
);
--> statement-breakpoint
ALTER TABLE "biz_page_config" ADD CONSTRAINT "biz_page_config_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_page_config" ADD CONSTRAINT "biz_page_config_device_id_biz_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."biz_device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_page_config" ADD CONSTRAINT "biz_page_config_point_id_biz_point_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."biz_point"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_page_config" ADD CONSTRAINT "biz_page_config_update_by_sys_user_id_fk" FOREIGN KEY ("update_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "biz_page_config_location" ON "biz_page_config" USING btree ("station_id","kind","page_location","div_location","permission_id","sort");
