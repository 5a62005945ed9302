CREATE TABLE "sys_role_org" (
	"role_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	CONSTRAINT "sys_role_org_role_id_org_id_pk" PRIMARY KEY("role_id","org_id")
);
--> statement-breakpoint
CREATE TABLE "sys_station_role" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_role" ADD COLUMN "data_scope" text DEFAULT 'org' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_role_org" ADD CONSTRAINT "sys_role_org_role_id_sys_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_role_org" ADD CONSTRAINT "sys_role_org_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_station_role" ADD CONSTRAINT "sys_station_role_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_station_role" ADD CONSTRAINT "sys_station_role_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_station_role" ADD CONSTRAINT "sys_station_role_role_id_sys_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_role"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_station_role_user_station" ON "sys_station_role" USING btree ("user_id","station_id");--> statement-breakpoint
CREATE INDEX "sys_station_role_role" ON "sys_station_role" USING btree ("role_id");