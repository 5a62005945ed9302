-- The client error log (spec 8): what browsers report through POST /api/sys/clientError/add.
CREATE TABLE "sys_client_error" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sys_client_error_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"stack" text,
	"url" text NOT NULL,
	"release" text NOT NULL,
	"user_id" integer,
	"username" text,
	"ip" text,
	"user_agent" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sys_client_error_time" ON "sys_client_error" USING btree ("create_time");