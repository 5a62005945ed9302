CREATE TABLE "ntf_notice" (
	"key" text PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"texts" jsonb NOT NULL,
	"link" text,
	"told_in_app" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "biz_message" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "ntf_notice" ADD CONSTRAINT "ntf_notice_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ntf_notice_pending" ON "ntf_notice" USING btree ("raised_at") WHERE "ntf_notice"."sent_at" IS NULL;