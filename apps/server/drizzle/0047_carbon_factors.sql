CREATE TABLE "biz_carbon_factor" (
	"id" serial PRIMARY KEY NOT NULL,
	"province_code" text,
	"factor" double precision NOT NULL,
	"year" integer NOT NULL,
	"source" jsonb NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "biz_carbon_factor_region_year" UNIQUE NULLS NOT DISTINCT("province_code","year")
);
--> statement-breakpoint
-- The national average grid emission factor (China MEE, 环办气候函〔2023〕43号); stations of a province without its own factor use it.
INSERT INTO "biz_carbon_factor" ("province_code", "factor", "year", "source") VALUES (NULL, 0.5703, 2023, '{"zh_CN": "生态环境部《关于做好2023—2025年发电行业企业温室气体排放报告管理有关工作的通知》（环办气候函〔2023〕43号）全国电网平均排放因子", "en_US": "China Ministry of Ecology and Environment, Huanban Qihou Han [2023] No. 43: national grid average emission factor for enterprise GHG accounting 2023–2025", "es_ES": "Ministerio de Ecología y Medio Ambiente de China, Huanban Qihou Han [2023] n.º 43: factor medio de emisión de la red nacional para la contabilidad de GEI de empresas 2023–2025", "ja_JP": "中国生態環境部 環弁気候函〔2023〕43号：2023〜2025年企業温室効果ガス算定用の全国電力網平均排出係数"}'::jsonb) ON CONFLICT DO NOTHING;
