CREATE TABLE "sys_file" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"content_type" text NOT NULL,
	"purpose" text NOT NULL,
	"station_id" integer,
	"uploaded_by" integer,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wo_inspection_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"record_time" timestamp with time zone NOT NULL,
	"recorder" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wo_repair_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"repairman" text NOT NULL,
	"location" text NOT NULL,
	"content" text NOT NULL,
	"repair_time" timestamp with time zone NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"picture_ids" uuid[] NOT NULL,
	"order_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_file" ADD CONSTRAINT "sys_file_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_file" ADD CONSTRAINT "sys_file_uploaded_by_sys_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wo_inspection_record" ADD CONSTRAINT "wo_inspection_record_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wo_inspection_record" ADD CONSTRAINT "wo_inspection_record_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wo_repair_record" ADD CONSTRAINT "wo_repair_record_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wo_repair_record" ADD CONSTRAINT "wo_repair_record_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_file_station" ON "sys_file" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "wo_inspection_record_station" ON "wo_inspection_record" USING btree ("station_id","record_time");--> statement-breakpoint
CREATE INDEX "wo_repair_record_station" ON "wo_repair_record" USING btree ("station_id","repair_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wo_repair_record_order" ON "wo_repair_record" USING btree ("order_id");