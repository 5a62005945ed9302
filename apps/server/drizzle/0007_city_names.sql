-- A station's city per language, so lists and headers show it in the interface language.
ALTER TABLE "biz_station" ADD COLUMN "city_names" jsonb;
--> statement-breakpoint
-- The demo stations' cities (data, not schema: hand-written).
UPDATE "biz_station" SET "city_names" = c.names
FROM (VALUES
  ('苏州市', '{"zh_CN":"苏州市","en_US":"Suzhou","es_ES":"Suzhou","ja_JP":"蘇州市"}'::jsonb),
  ('南京市', '{"zh_CN":"南京市","en_US":"Nanjing","es_ES":"Nankín","ja_JP":"南京市"}'::jsonb),
  ('无锡市', '{"zh_CN":"无锡市","en_US":"Wuxi","es_ES":"Wuxi","ja_JP":"無錫市"}'::jsonb),
  ('深圳市', '{"zh_CN":"深圳市","en_US":"Shenzhen","es_ES":"Shenzhen","ja_JP":"深セン市"}'::jsonb),
  ('广州市', '{"zh_CN":"广州市","en_US":"Guangzhou","es_ES":"Cantón","ja_JP":"広州市"}'::jsonb),
  ('东莞市', '{"zh_CN":"东莞市","en_US":"Dongguan","es_ES":"Dongguan","ja_JP":"東莞市"}'::jsonb),
  ('杭州市', '{"zh_CN":"杭州市","en_US":"Hangzhou","es_ES":"Hangzhou","ja_JP":"杭州市"}'::jsonb),
  ('宁波市', '{"zh_CN":"宁波市","en_US":"Ningbo","es_ES":"Ningbo","ja_JP":"寧波市"}'::jsonb)
) AS c(city, names)
WHERE "biz_station"."city" = c.city AND "biz_station"."city_names" IS NULL;
