-- Each meter's connection (nominal line voltage, PT and CT ratios): power quality judges a 10 kV
-- meter against its own nominal, not 230 V (issue 21 finding 2). No row: 400 V, read directly.
CREATE TABLE "biz_meter_connection" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"nominal_voltage_v" double precision NOT NULL,
	"pt_ratio" double precision NOT NULL,
	"ct_ratio" double precision NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "biz_meter_connection" ADD CONSTRAINT "biz_meter_connection_device_id_biz_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."biz_device"("id") ON DELETE cascade ON UPDATE no action;