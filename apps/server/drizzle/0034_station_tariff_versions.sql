-- A station's templates become dated versions (issue 21 finding 3): station, template, valid from.
ALTER TABLE "biz_station_tou_template" DROP CONSTRAINT "biz_station_tou_template_station_id_template_id_pk";--> statement-breakpoint
ALTER TABLE "biz_station_tou_template" ADD COLUMN "id" serial PRIMARY KEY NOT NULL;--> statement-breakpoint
ALTER TABLE "biz_station_tou_template" ADD COLUMN "valid_from" text;--> statement-breakpoint
-- Data (hand-written). Before, a station held a set of templates and each day took the enabled one
-- valid on it. Disabled ones priced nothing: they go where the station has enabled ones. The rest
-- start at their template's own start, and each station's first is valid from the beginning, so
-- every past day keeps the template that priced it.
DELETE FROM "biz_station_tou_template" st USING "biz_tou_template" t
WHERE t."id" = st."template_id" AND NOT t."enabled" AND EXISTS (
  SELECT 1 FROM "biz_station_tou_template" o JOIN "biz_tou_template" ot ON ot."id" = o."template_id"
  WHERE o."station_id" = st."station_id" AND ot."enabled"
);--> statement-breakpoint
UPDATE "biz_station_tou_template" st SET "valid_from" = t."valid_from"
FROM "biz_tou_template" t WHERE t."id" = st."template_id";--> statement-breakpoint
DELETE FROM "biz_station_tou_template" st USING (
  SELECT "id", row_number() OVER (PARTITION BY "station_id", "valid_from" ORDER BY "template_id") AS n
  FROM "biz_station_tou_template"
) d WHERE d."id" = st."id" AND d.n > 1;--> statement-breakpoint
UPDATE "biz_station_tou_template" st SET "valid_from" = NULL
WHERE st."valid_from" IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM "biz_station_tou_template" o
  WHERE o."station_id" = st."station_id" AND (o."valid_from" IS NULL OR o."valid_from" < st."valid_from")
);--> statement-breakpoint
ALTER TABLE "biz_station_tou_template" ADD CONSTRAINT "biz_station_tou_template_station_from" UNIQUE NULLS NOT DISTINCT("station_id","valid_from");
