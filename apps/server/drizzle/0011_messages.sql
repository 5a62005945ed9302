CREATE TABLE "biz_message_receipt" (
	"message_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "biz_message_receipt_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "biz_message_station" (
	"message_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	CONSTRAINT "biz_message_station_message_id_station_id_pk" PRIMARY KEY("message_id","station_id")
);
--> statement-breakpoint
CREATE TABLE "biz_message_user" (
	"message_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "biz_message_user_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "biz_message" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"message_type" smallint NOT NULL,
	"receiving_type" smallint NOT NULL,
	"send_mode" text NOT NULL,
	"play_start" timestamp with time zone,
	"play_end" timestamp with time zone NOT NULL,
	"play_frequency" integer NOT NULL,
	"frequency_unit" text NOT NULL,
	"draft" boolean DEFAULT false NOT NULL,
	"creator_id" integer,
	"creator_name" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "biz_message_receipt" ADD CONSTRAINT "biz_message_receipt_message_id_biz_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."biz_message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_message_receipt" ADD CONSTRAINT "biz_message_receipt_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_message_station" ADD CONSTRAINT "biz_message_station_message_id_biz_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."biz_message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_message_station" ADD CONSTRAINT "biz_message_station_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_message_user" ADD CONSTRAINT "biz_message_user_message_id_biz_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."biz_message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_message_user" ADD CONSTRAINT "biz_message_user_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_message" ADD CONSTRAINT "biz_message_creator_id_sys_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "biz_message_receipt_user" ON "biz_message_receipt" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "biz_message_station_station" ON "biz_message_station" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "biz_message_user_user" ON "biz_message_user" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "biz_message_play" ON "biz_message" USING btree ("play_start","play_end");