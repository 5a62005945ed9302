CREATE TABLE "biz_ems_model_link" (
	"ems_model_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	CONSTRAINT "biz_ems_model_link_ems_model_id_model_id_pk" PRIMARY KEY("ems_model_id","model_id")
);
--> statement-breakpoint
CREATE TABLE "biz_model_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"names" jsonb NOT NULL,
	"device_type" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "biz_model_type_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "biz_device_model" ADD COLUMN "model_type_id" integer;--> statement-breakpoint
ALTER TABLE "biz_ems_model_link" ADD CONSTRAINT "biz_ems_model_link_ems_model_id_biz_device_model_id_fk" FOREIGN KEY ("ems_model_id") REFERENCES "public"."biz_device_model"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_ems_model_link" ADD CONSTRAINT "biz_ems_model_link_model_id_biz_device_model_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."biz_device_model"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "biz_ems_model_link_model" ON "biz_ems_model_link" USING btree ("model_id");