CREATE TABLE "biz_settlement_ratio" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"from_month" text NOT NULL,
	"ratio" double precision NOT NULL,
	"update_by" text NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "biz_settlement_ratio_station_month" UNIQUE("station_id","from_month")
);
--> statement-breakpoint
ALTER TABLE "biz_settlement_ratio" ADD CONSTRAINT "biz_settlement_ratio_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE cascade ON UPDATE no action;