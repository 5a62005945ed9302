CREATE TABLE "biz_report_subscription" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"frequency" text NOT NULL,
	"station_ids" integer[] NOT NULL,
	"format" text NOT NULL,
	"hour" integer NOT NULL,
	"timezone" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_period" text,
	"last_sent_at" timestamp with time zone,
	"last_status" text,
	"last_detail" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "biz_report_subscription" ADD CONSTRAINT "biz_report_subscription_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "biz_report_subscription_user" ON "biz_report_subscription" USING btree ("user_id");