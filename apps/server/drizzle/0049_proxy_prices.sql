CREATE TABLE "biz_proxy_price" (
	"id" serial PRIMARY KEY NOT NULL,
	"region_id" integer NOT NULL,
	"month" text NOT NULL,
	"prices" jsonb NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "biz_proxy_price_region_month" UNIQUE("region_id","month")
);
--> statement-breakpoint
CREATE TABLE "biz_proxy_region" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"province_code" text NOT NULL,
	"segments" jsonb NOT NULL,
	"model" jsonb NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "biz_proxy_region_code_unique" UNIQUE("code"),
	CONSTRAINT "biz_proxy_region_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "biz_station_tou_template" ALTER COLUMN "template_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "biz_station_tou_template" ADD COLUMN "proxy_region_id" integer;--> statement-breakpoint
ALTER TABLE "biz_proxy_price" ADD CONSTRAINT "biz_proxy_price_region_id_biz_proxy_region_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."biz_proxy_region"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_station_tou_template" ADD CONSTRAINT "biz_station_tou_template_proxy_region_id_biz_proxy_region_id_fk" FOREIGN KEY ("proxy_region_id") REFERENCES "public"."biz_proxy_region"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "biz_station_tou_template_region" ON "biz_station_tou_template" USING btree ("proxy_region_id");--> statement-breakpoint
ALTER TABLE "biz_station_tou_template" ADD CONSTRAINT "biz_station_tou_template_one_source" CHECK (("biz_station_tou_template"."template_id" is null) <> ("biz_station_tou_template"."proxy_region_id" is null));