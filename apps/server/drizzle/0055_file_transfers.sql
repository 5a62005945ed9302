CREATE TABLE "rmt_transfer" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"direction" text NOT NULL,
	"file_id" uuid,
	"path" text NOT NULL,
	"command_id" text NOT NULL,
	"token_hash" text,
	"expires" timestamp with time zone,
	"device_sha256" text,
	"created_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rmt_transfer" ADD CONSTRAINT "rmt_transfer_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rmt_transfer" ADD CONSTRAINT "rmt_transfer_device_id_biz_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."biz_device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rmt_transfer" ADD CONSTRAINT "rmt_transfer_file_id_sys_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."sys_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rmt_transfer" ADD CONSTRAINT "rmt_transfer_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rmt_transfer_station" ON "rmt_transfer" USING btree ("station_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "rmt_transfer_command" ON "rmt_transfer" USING btree ("command_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rmt_transfer_token" ON "rmt_transfer" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "rmt_transfer_file" ON "rmt_transfer" USING btree ("file_id");