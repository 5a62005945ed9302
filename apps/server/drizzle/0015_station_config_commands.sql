CREATE TABLE "biz_point_offset" (
	"point_id" integer NOT NULL,
	"scale" double precision DEFAULT 1 NOT NULL,
	"offset" double precision DEFAULT 0 NOT NULL,
	"update_by" integer,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "biz_point_offset_point_id_pk" PRIMARY KEY("point_id")
);
--> statement-breakpoint
CREATE TABLE "biz_topology_jump" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"node_key" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_route" text,
	"target_device_id" integer,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "biz_command" (
	"id" serial PRIMARY KEY NOT NULL,
	"command_id" text NOT NULL,
	"station_id" integer NOT NULL,
	"device_id" integer,
	"kind" text NOT NULL,
	"lane" text,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"timeout_s" integer NOT NULL,
	"issued_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_time" timestamp with time zone,
	"resolved_time" timestamp with time zone,
	"message" text,
	CONSTRAINT "biz_command_command_id_unique" UNIQUE("command_id")
);
--> statement-breakpoint
ALTER TABLE "biz_point_offset" ADD CONSTRAINT "biz_point_offset_point_id_biz_point_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."biz_point"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_point_offset" ADD CONSTRAINT "biz_point_offset_update_by_sys_user_id_fk" FOREIGN KEY ("update_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_topology_jump" ADD CONSTRAINT "biz_topology_jump_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_topology_jump" ADD CONSTRAINT "biz_topology_jump_target_device_id_biz_device_id_fk" FOREIGN KEY ("target_device_id") REFERENCES "public"."biz_device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_command" ADD CONSTRAINT "biz_command_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_command" ADD CONSTRAINT "biz_command_device_id_biz_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."biz_device"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_command" ADD CONSTRAINT "biz_command_issued_by_sys_user_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "biz_topology_jump_node" ON "biz_topology_jump" USING btree ("station_id","node_key");--> statement-breakpoint
CREATE INDEX "biz_command_station_kind" ON "biz_command" USING btree ("station_id","kind","id");--> statement-breakpoint
CREATE UNIQUE INDEX "biz_command_lane_in_flight" ON "biz_command" USING btree ("station_id","lane") WHERE "biz_command"."state" in ('pending', 'sent') and "biz_command"."lane" is not null;