CREATE TABLE "biz_dashboard_role" (
	"dashboard_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "biz_dashboard_role_dashboard_id_role_id_pk" PRIMARY KEY("dashboard_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "biz_dashboard" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"widgets" jsonb NOT NULL,
	"token_hash" text,
	"published_at" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "biz_family_link" (
	"station_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"published_by" integer NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "biz_family_link_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "biz_dashboard_role" ADD CONSTRAINT "biz_dashboard_role_dashboard_id_biz_dashboard_id_fk" FOREIGN KEY ("dashboard_id") REFERENCES "public"."biz_dashboard"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_dashboard_role" ADD CONSTRAINT "biz_dashboard_role_role_id_sys_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_dashboard" ADD CONSTRAINT "biz_dashboard_owner_id_sys_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_family_link" ADD CONSTRAINT "biz_family_link_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_family_link" ADD CONSTRAINT "biz_family_link_published_by_sys_user_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "biz_dashboard_role_role" ON "biz_dashboard_role" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "biz_dashboard_owner_name" ON "biz_dashboard" USING btree ("owner_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "biz_dashboard_token" ON "biz_dashboard" USING btree ("token_hash");