ALTER TABLE "biz_command" ADD COLUMN "point_code" text;--> statement-breakpoint
ALTER TABLE "biz_command" ADD COLUMN "value" double precision;--> statement-breakpoint
ALTER TABLE "biz_command" ADD COLUMN "resent_time" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "biz_command_device" ON "biz_command" USING btree ("device_id","id");