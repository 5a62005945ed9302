-- The site statuses of stations not yet in operation (data, not schema: hand-written), for
-- databases seeded before the overview told them apart from offline stations.
INSERT INTO "sys_dict_item" ("type_id", "key", "value", "labels", "sort")
SELECT t."id", v."key", v."key", v."labels", v."sort"
FROM "sys_dict_type" t, (VALUES
  ('construction', '{"zh_CN":"在建","en_US":"Under construction","es_ES":"En construcción","ja_JP":"建設中"}'::jsonb, 5),
  ('proposed', '{"zh_CN":"拟建","en_US":"Proposed","es_ES":"Propuesta","ja_JP":"計画中"}'::jsonb, 6)
) AS v("key", "labels", "sort")
WHERE t."type" = 'siteStatus'
ON CONFLICT ("type_id", "key") DO NOTHING;
