-- Home-page configuration (spec 7 homeConfig): per user and station, the site home page's blocks
-- in display order with their visibility. Deleted with the user or the station.
CREATE TABLE "biz_home_config" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"blocks" jsonb NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "biz_home_config" ADD CONSTRAINT "biz_home_config_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_home_config" ADD CONSTRAINT "biz_home_config_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "biz_home_config_user_station" ON "biz_home_config" USING btree ("user_id","station_id");
