-- Warning and alarm limits of a point's value, copied from its device model like min and max.
ALTER TABLE "biz_model_point" ADD COLUMN "value_limit" jsonb;--> statement-breakpoint
ALTER TABLE "biz_point" ADD COLUMN "value_limit" jsonb;--> statement-breakpoint
-- The built-in models' limits (data, not schema: hand-written from contract device-catalog.ts).
CREATE TEMP TABLE "value_limit_seed" ("model" text, "code" text, "value_limit" jsonb);--> statement-breakpoint
INSERT INTO "value_limit_seed" VALUES
  ('PCS-1250', 'igbtTemp', '{"warnAbove":90,"alarmAbove":105}'::jsonb),
  ('BMS-C1250', 'soh', '{"warnBelow":85,"alarmBelow":80}'::jsonb),
  ('BMS-C1250', 'cellVmax', '{"warnAbove":3.6,"alarmAbove":3.65}'::jsonb),
  ('BMS-C1250', 'cellVmin', '{"warnBelow":2.9,"alarmBelow":2.8}'::jsonb),
  ('BMS-C1250', 'cellTmax', '{"warnAbove":45,"alarmAbove":55}'::jsonb),
  ('BMS-C1250', 'cellTmin', '{"warnBelow":5,"alarmBelow":0}'::jsonb),
  ('BMS-C1250', 'insulation', '{"warnBelow":500,"alarmBelow":100}'::jsonb),
  ('CAB-215', 'soh', '{"warnBelow":85,"alarmBelow":80}'::jsonb),
  ('CAB-215', 'cellVmax', '{"warnAbove":3.6,"alarmAbove":3.65}'::jsonb),
  ('CAB-215', 'cellVmin', '{"warnBelow":2.9,"alarmBelow":2.8}'::jsonb),
  ('CAB-215', 'cellTmax', '{"warnAbove":45,"alarmAbove":55}'::jsonb),
  ('CAB-215', 'cellTmin', '{"warnBelow":5,"alarmBelow":0}'::jsonb),
  ('CAB-215', 'pcsTemp', '{"warnAbove":80,"alarmAbove":95}'::jsonb),
  ('CAB-215', 'envTemp', '{"warnAbove":40,"warnBelow":0,"alarmAbove":50}'::jsonb),
  ('PV-INV-100', 'temp', '{"warnAbove":75,"alarmAbove":85}'::jsonb);--> statement-breakpoint
UPDATE "biz_model_point" SET "value_limit" = s."value_limit"
FROM "value_limit_seed" s, "biz_device_model" m
WHERE m."id" = "biz_model_point"."model_id" AND m."code" = s."model" AND "biz_model_point"."code" = s."code";--> statement-breakpoint
UPDATE "biz_point" SET "value_limit" = s."value_limit"
FROM "value_limit_seed" s, "biz_device" d, "biz_device_model" m
WHERE d."id" = "biz_point"."device_id" AND m."id" = d."model_id" AND m."code" = s."model" AND "biz_point"."code" = s."code";--> statement-breakpoint
DROP TABLE "value_limit_seed";
