CREATE TABLE "biz_device_model" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"names" jsonb NOT NULL,
	"manufacturer" text,
	"rated" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "biz_device_model_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "biz_device" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"model_id" integer,
	"parent_id" integer,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"sn" text NOT NULL,
	"manufacturer" text,
	"unit_price" double precision,
	"service_fee" double precision,
	"status" text DEFAULT 'offline' NOT NULL,
	"last_seen_at" timestamp with time zone,
	"report_interval_s" integer DEFAULT 10 NOT NULL,
	"mqtt_secret_hash" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "biz_device_sn_unique" UNIQUE("sn")
);
--> statement-breakpoint
CREATE TABLE "sys_dict_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"labels" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_dict_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"description" text NOT NULL,
	CONSTRAINT "sys_dict_type_type_unique" UNIQUE("type")
);
--> statement-breakpoint
CREATE TABLE "sys_login_failure" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sys_login_failure_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"username" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sys_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer,
	"username" text,
	"name" text NOT NULL,
	"ip" text,
	"method" text,
	"method_name" text,
	"params" text,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"success" boolean DEFAULT true NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_menu" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" integer DEFAULT 0 NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"perms" text,
	"url" text,
	"url_app" text,
	"icon" text,
	"icon_app" text,
	"color" text,
	"type" text NOT NULL,
	"show" text DEFAULT 'all' NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"is_config" boolean DEFAULT false NOT NULL,
	"external" boolean DEFAULT false NOT NULL,
	"component" text,
	"station_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"station_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_menu_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "biz_meter_role" (
	"station_id" integer NOT NULL,
	"role" text NOT NULL,
	"device_id" integer NOT NULL,
	CONSTRAINT "biz_meter_role_station_id_role_pk" PRIMARY KEY("station_id","role")
);
--> statement-breakpoint
CREATE TABLE "biz_model_point" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"code" text NOT NULL,
	"names" jsonb NOT NULL,
	"unit" text,
	"kind" text NOT NULL,
	"precision" integer DEFAULT 1 NOT NULL,
	"min" double precision,
	"max" double precision,
	"counter" boolean DEFAULT false NOT NULL,
	"states" jsonb,
	"fast" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_org" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_org_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "biz_point" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"code" text NOT NULL,
	"names" jsonb NOT NULL,
	"unit" text,
	"kind" text NOT NULL,
	"precision" integer DEFAULT 1 NOT NULL,
	"min" double precision,
	"max" double precision,
	"counter" boolean DEFAULT false NOT NULL,
	"states" jsonb,
	"fast" boolean DEFAULT false NOT NULL,
	"formula" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_post" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_post_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sys_role_menu" (
	"role_id" integer NOT NULL,
	"menu_id" integer NOT NULL,
	CONSTRAINT "sys_role_menu_role_id_menu_id_pk" PRIMARY KEY("role_id","menu_id")
);
--> statement-breakpoint
CREATE TABLE "sys_role" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_role_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sys_seen_key" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_session" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text DEFAULT 'pc' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	CONSTRAINT "sys_session_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sys_setting" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "biz_station" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"province_code" text NOT NULL,
	"city" text,
	"rated_power_kw" double precision NOT NULL,
	"capacity_kwh" double precision NOT NULL,
	"grid_connection_time" text,
	"type" text NOT NULL,
	"longitude" double precision NOT NULL,
	"latitude" double precision NOT NULL,
	"contact" text,
	"phone" text,
	"timezone" text DEFAULT 'Asia/Shanghai' NOT NULL,
	"tou_template_id" integer,
	"show_weather" boolean DEFAULT true NOT NULL,
	"force_chinese" boolean DEFAULT false NOT NULL,
	"org_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "biz_station_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "biz_tou_template" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"segments" jsonb NOT NULL,
	"prices" jsonb NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"valid_from" text,
	"valid_to" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "biz_tou_template_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sys_user_role" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "sys_user_role_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "sys_user_station" (
	"user_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	CONSTRAINT "sys_user_station_user_id_station_id_pk" PRIMARY KEY("user_id","station_id")
);
--> statement-breakpoint
CREATE TABLE "sys_user_theme" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"config" jsonb NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_user" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"real_name" text,
	"nickname" text,
	"phone" text,
	"email" text,
	"sex" integer,
	"dept_id" integer,
	"post_id" integer,
	"password_hash" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"read_only" boolean DEFAULT false NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"group_wide" boolean DEFAULT false NOT NULL,
	"lang" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_user_username_unique" UNIQUE("username")
);
--> statement-breakpoint
ALTER TABLE "biz_device" ADD CONSTRAINT "biz_device_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_device" ADD CONSTRAINT "biz_device_model_id_biz_device_model_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."biz_device_model"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_dict_item" ADD CONSTRAINT "sys_dict_item_type_id_sys_dict_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."sys_dict_type"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_meter_role" ADD CONSTRAINT "biz_meter_role_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_meter_role" ADD CONSTRAINT "biz_meter_role_device_id_biz_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."biz_device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_model_point" ADD CONSTRAINT "biz_model_point_model_id_biz_device_model_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."biz_device_model"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_point" ADD CONSTRAINT "biz_point_device_id_biz_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."biz_device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_role_menu" ADD CONSTRAINT "sys_role_menu_role_id_sys_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_role_menu" ADD CONSTRAINT "sys_role_menu_menu_id_sys_menu_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."sys_menu"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_session" ADD CONSTRAINT "sys_session_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_station" ADD CONSTRAINT "biz_station_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_role" ADD CONSTRAINT "sys_user_role_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_role" ADD CONSTRAINT "sys_user_role_role_id_sys_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_station" ADD CONSTRAINT "sys_user_station_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_station" ADD CONSTRAINT "sys_user_station_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_theme" ADD CONSTRAINT "sys_user_theme_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user" ADD CONSTRAINT "sys_user_dept_id_sys_org_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."sys_org"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user" ADD CONSTRAINT "sys_user_post_id_sys_post_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."sys_post"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "biz_device_station" ON "biz_device" USING btree ("station_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_dict_item_type_key" ON "sys_dict_item" USING btree ("type_id","key");--> statement-breakpoint
CREATE INDEX "sys_login_failure_user_at" ON "sys_login_failure" USING btree ("username","at");--> statement-breakpoint
CREATE INDEX "sys_log_time" ON "sys_log" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "biz_model_point_code" ON "biz_model_point" USING btree ("model_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "biz_point_device_code" ON "biz_point" USING btree ("device_id","code");--> statement-breakpoint
CREATE INDEX "sys_session_user" ON "sys_session" USING btree ("user_id");