CREATE TABLE "upg_device" (
	"task_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"wave" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"version_before" text,
	"version" text,
	"message" text,
	"reason_code" text,
	"command_id" text,
	"fetch_token_hash" text,
	"fetch_expires" timestamp with time zone,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	CONSTRAINT "upg_device_task_id_device_id_pk" PRIMARY KEY("task_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "upg_package" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_code" text NOT NULL,
	"version" text NOT NULL,
	"notes" text,
	"file_id" uuid NOT NULL,
	"created_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upg_package_model_version" UNIQUE("model_code","version")
);
--> statement-breakpoint
CREATE TABLE "upg_task" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"waves" jsonb NOT NULL,
	"max_failure_pct" double precision NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"purpose" text NOT NULL,
	"state" text NOT NULL,
	"wave" integer DEFAULT 0 NOT NULL,
	"reason_code" text,
	"reason" text,
	"created_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "biz_device" ADD COLUMN "firmware_version" text;--> statement-breakpoint
ALTER TABLE "upg_device" ADD CONSTRAINT "upg_device_task_id_upg_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."upg_task"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upg_device" ADD CONSTRAINT "upg_device_device_id_biz_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."biz_device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upg_device" ADD CONSTRAINT "upg_device_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upg_package" ADD CONSTRAINT "upg_package_file_id_sys_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."sys_file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upg_package" ADD CONSTRAINT "upg_package_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upg_task" ADD CONSTRAINT "upg_task_package_id_upg_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."upg_package"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upg_task" ADD CONSTRAINT "upg_task_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upg_device_command" ON "upg_device" USING btree ("command_id");--> statement-breakpoint
CREATE UNIQUE INDEX "upg_device_fetch" ON "upg_device" USING btree ("fetch_token_hash");--> statement-breakpoint
CREATE INDEX "upg_device_device" ON "upg_device" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "upg_task_state" ON "upg_task" USING btree ("state");