-- Seeded devices and alarm definitions read in the user's language (issue 21 finding 7): a
-- per-language `names` beside the stored name. Existing seeded devices get theirs here, matched by
-- serial pattern and only while they still carry the seeded name (a renamed device keeps its
-- name); the seeded alarm definitions get theirs at start (alarm-seed.ts, by seed key).
ALTER TABLE "biz_device" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "alarm_definition" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "biz_device" SET "names" = jsonb_build_object('zh_CN', '关口表', 'en_US', 'Gateway meter', 'es_ES', 'Contador de frontera', 'ja_JP', '取引用メーター')
  WHERE "sn" LIKE '%-MTR-GW' AND "name" = 'Gateway meter';--> statement-breakpoint
UPDATE "biz_device" SET "names" = jsonb_build_object('zh_CN', '储能表', 'en_US', 'Storage meter', 'es_ES', 'Contador de almacenamiento', 'ja_JP', '蓄電用メーター')
  WHERE "sn" LIKE '%-MTR-ES' AND "name" = 'Storage meter';--> statement-breakpoint
UPDATE "biz_device" SET "names" = jsonb_build_object('zh_CN', '光伏表', 'en_US', 'PV meter', 'es_ES', 'Contador fotovoltaico', 'ja_JP', '太陽光メーター')
  WHERE "sn" LIKE '%-MTR-PV' AND "name" = 'PV meter';--> statement-breakpoint
UPDATE "biz_device" SET "names" = jsonb_build_object('zh_CN', '负荷表', 'en_US', 'Load meter', 'es_ES', 'Contador de carga', 'ja_JP', '負荷メーター')
  WHERE "sn" LIKE '%-MTR-LD' AND "name" = 'Load meter';--> statement-breakpoint
UPDATE "biz_device" SET "names" = jsonb_build_object('zh_CN', '全站合计', 'en_US', 'Station totals', 'es_ES', 'Totales de la estación', 'ja_JP', '発電所合計')
  WHERE "sn" LIKE '%-VIRT' AND "name" = 'Station totals';--> statement-breakpoint
UPDATE "biz_device" SET "names" = jsonb_build_object('zh_CN', '光伏逆变器-' || substring("name" from 8), 'en_US', "name", 'es_ES', 'Inversor FV-' || substring("name" from 8), 'ja_JP', 'PVインバータ-' || substring("name" from 8))
  WHERE "sn" ~ '-PV-[0-9]+$' AND "name" ~ '^PV-INV-[0-9]+$';--> statement-breakpoint
UPDATE "biz_device" SET "names" = jsonb_build_object('zh_CN', '直流充电桩-' || substring("name" from 9), 'en_US', "name", 'es_ES', 'Cargador DC-' || substring("name" from 9), 'ja_JP', 'DC充電器-' || substring("name" from 9))
  WHERE "sn" ~ '-DC-[0-9]+$' AND "name" ~ '^DC-Pile-[0-9]+$';--> statement-breakpoint
UPDATE "biz_device" SET "names" = jsonb_build_object('zh_CN', '储能柜-' || substring("name" from 5), 'en_US', "name", 'es_ES', 'Armario-' || substring("name" from 5), 'ja_JP', '蓄電キャビネット-' || substring("name" from 5))
  WHERE "sn" ~ '-CAB-[0-9]+$' AND "name" ~ '^CAB-[0-9]+$';
