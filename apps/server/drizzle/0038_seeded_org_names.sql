-- Seeded organisations read in the user's language (issue 21 finding 7): names per language
-- beside the stored one, filled by code while the organisation still carries the seeded name.
ALTER TABLE "sys_org" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "sys_org" SET "names" = jsonb_build_object('zh_CN', '华储能源集团', 'en_US', 'Huachu Energy Group', 'es_ES', 'Grupo Energético Huachu', 'ja_JP', '華儲エネルギーグループ')
  WHERE "code" = 'G' AND "name" = '华储能源集团';--> statement-breakpoint
UPDATE "sys_org" SET "names" = jsonb_build_object('zh_CN', '江苏分公司', 'en_US', 'Jiangsu branch', 'es_ES', 'Sucursal de Jiangsu', 'ja_JP', '江蘇支社')
  WHERE "code" = 'G-JS' AND "name" = '江苏分公司';--> statement-breakpoint
UPDATE "sys_org" SET "names" = jsonb_build_object('zh_CN', '广东分公司', 'en_US', 'Guangdong branch', 'es_ES', 'Sucursal de Guangdong', 'ja_JP', '広東支社')
  WHERE "code" = 'G-GD' AND "name" = '广东分公司';--> statement-breakpoint
UPDATE "sys_org" SET "names" = jsonb_build_object('zh_CN', '浙江分公司', 'en_US', 'Zhejiang branch', 'es_ES', 'Sucursal de Zhejiang', 'ja_JP', '浙江支社')
  WHERE "code" = 'G-ZJ' AND "name" = '浙江分公司';
