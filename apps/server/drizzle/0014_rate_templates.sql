CREATE TABLE "biz_station_tou_template" (
	"station_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "biz_station_tou_template_station_id_template_id_pk" PRIMARY KEY("station_id","template_id")
);
--> statement-breakpoint
ALTER TABLE "biz_tou_template" ADD COLUMN "electricity_type" text DEFAULT 'commercial' NOT NULL;--> statement-breakpoint
ALTER TABLE "biz_station_tou_template" ADD CONSTRAINT "biz_station_tou_template_station_id_biz_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."biz_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_station_tou_template" ADD CONSTRAINT "biz_station_tou_template_template_id_biz_tou_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."biz_tou_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "biz_station_tou_template_template" ON "biz_station_tou_template" USING btree ("template_id");--> statement-breakpoint
-- Hand-written (issue 13 part 8): each station keeps the template it had, now as its first row of
-- biz_station_tou_template, before the column goes.
INSERT INTO "biz_station_tou_template" ("station_id", "template_id")
SELECT s."id", s."tou_template_id" FROM "biz_station" s
WHERE s."tou_template_id" IN (SELECT "id" FROM "biz_tou_template");--> statement-breakpoint
-- The electricity-type dictionary of SEED_DICTS for databases seeded before it (a fresh database
-- is empty here and gets it from the seed, which runs after the migrations).
INSERT INTO "sys_dict_type" ("type", "description")
SELECT 'electricityType', 'Electricity types of rate templates'
WHERE EXISTS (SELECT 1 FROM "sys_setting" WHERE "key" = 'seed.demo.v1')
ON CONFLICT ("type") DO NOTHING;--> statement-breakpoint
INSERT INTO "sys_dict_item" ("type_id", "key", "value", "labels", "sort")
SELECT t."id", v."key", v."key", v."labels"::jsonb, v."sort"
FROM "sys_dict_type" t, (VALUES
  ('commercial', '{"zh_CN":"一般工商业","en_US":"General industry and commerce","es_ES":"Industria y comercio general","ja_JP":"一般商工業"}', 1),
  ('largeIndustry', '{"zh_CN":"大工业","en_US":"Large industry","es_ES":"Gran industria","ja_JP":"大口産業"}', 2),
  ('residential', '{"zh_CN":"居民生活","en_US":"Residential","es_ES":"Residencial","ja_JP":"住宅用"}', 3),
  ('agriculture', '{"zh_CN":"农业生产","en_US":"Agricultural production","es_ES":"Producción agrícola","ja_JP":"農業生産"}', 4)
) AS v("key", "labels", "sort")
WHERE t."type" = 'electricityType'
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "biz_station" DROP COLUMN "tou_template_id";