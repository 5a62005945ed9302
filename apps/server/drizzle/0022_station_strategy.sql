CREATE TABLE "biz_station_strategy" (
	"station_id" integer PRIMARY KEY NOT NULL,
	"demand_limit_kw" double precision,
	"anti_backflow" boolean DEFAULT true NOT NULL,
	"soc_min" double precision DEFAULT 10 NOT NULL,
	"soc_max" double precision DEFAULT 95 NOT NULL,
	"soc_end_target" double precision DEFAULT 10 NOT NULL,
	"degradation_cost_per_kwh" double precision DEFAULT 0.02 NOT NULL,
	"eta_charge" double precision DEFAULT 0.95 NOT NULL,
	"eta_discharge" double precision DEFAULT 0.95 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "biz_station_strategy" ADD CONSTRAINT "biz_station_strategy_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE cascade ON UPDATE no action;