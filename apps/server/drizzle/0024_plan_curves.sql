CREATE TABLE "biz_plan_curve" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"segments" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"modified_by" integer,
	"modify_time" timestamp with time zone NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "biz_plan_curve_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "biz_plan_delivery" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer,
	"template_code" text NOT NULL,
	"template_name" text NOT NULL,
	"template_modify_time" timestamp with time zone NOT NULL,
	"segments" jsonb NOT NULL,
	"confirm_over_rated" boolean DEFAULT false NOT NULL,
	"issued_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "biz_plan_delivery_station" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"command_id" integer,
	"state" text,
	"message" text
);
--> statement-breakpoint
ALTER TABLE "biz_plan_curve" ADD CONSTRAINT "biz_plan_curve_modified_by_sys_user_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_plan_delivery" ADD CONSTRAINT "biz_plan_delivery_template_id_biz_plan_curve_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."biz_plan_curve"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_plan_delivery" ADD CONSTRAINT "biz_plan_delivery_issued_by_sys_user_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_plan_delivery_station" ADD CONSTRAINT "biz_plan_delivery_station_delivery_id_biz_plan_delivery_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."biz_plan_delivery"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_plan_delivery_station" ADD CONSTRAINT "biz_plan_delivery_station_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_plan_delivery_station" ADD CONSTRAINT "biz_plan_delivery_station_command_id_biz_command_id_fk" FOREIGN KEY ("command_id") REFERENCES "public"."biz_command"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "biz_plan_delivery_time" ON "biz_plan_delivery" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "biz_plan_delivery_station_delivery" ON "biz_plan_delivery_station" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "biz_plan_delivery_station_station" ON "biz_plan_delivery_station" USING btree ("station_id","delivery_id");