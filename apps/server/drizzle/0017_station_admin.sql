CREATE TABLE "biz_station_logo" (
	"station_id" integer PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_org" ADD COLUMN "leader" text;--> statement-breakpoint
ALTER TABLE "sys_org" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "sys_post" ADD COLUMN "remark" text;--> statement-breakpoint
ALTER TABLE "biz_station_logo" ADD CONSTRAINT "biz_station_logo_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE cascade ON UPDATE no action;