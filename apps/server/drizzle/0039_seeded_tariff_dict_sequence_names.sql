-- Seeded rate templates, dictionary types and built-in sequence templates read in the user's
-- language (issue 21 finding 7): names (descriptions for dictionary types) per language beside the
-- stored text. Older databases' seeded rows get theirs here, by template code, dictionary type or
-- built-in name, only while they still carry the seeded text (one edited by hand keeps what was typed).
ALTER TABLE "sys_dict_type" ADD COLUMN "descriptions" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "biz_tou_template" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "biz_sequence_template" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "biz_tou_template" SET "names" = jsonb_build_object('zh_CN', '示例分时电价', 'en_US', 'Example time-of-use tariff', 'es_ES', 'Tarifa horaria de ejemplo', 'ja_JP', '時間帯別料金の例')
  WHERE "code" = 'TOU-EXAMPLE' AND "name" = '示例分时电价';--> statement-breakpoint
UPDATE "biz_tou_template" SET "names" = jsonb_build_object('zh_CN', '江苏工商业分时电价（示例）', 'en_US', 'Jiangsu commercial and industrial time-of-use tariff (example)', 'es_ES', 'Tarifa horaria comercial e industrial de Jiangsu (ejemplo)', 'ja_JP', '江蘇省 商工業向け時間帯別料金（例）')
  WHERE "code" = 'TOU-JS' AND "name" = '江苏工商业分时电价（示例）';--> statement-breakpoint
UPDATE "biz_tou_template" SET "names" = jsonb_build_object('zh_CN', '广东珠三角工商业分时电价（示例）', 'en_US', 'Guangdong Pearl River Delta commercial and industrial time-of-use tariff (example)', 'es_ES', 'Tarifa horaria comercial e industrial del delta del río Perla, Guangdong (ejemplo)', 'ja_JP', '広東省珠江デルタ 商工業向け時間帯別料金（例）')
  WHERE "code" = 'TOU-GD' AND "name" = '广东珠三角工商业分时电价（示例）';--> statement-breakpoint
UPDATE "biz_tou_template" SET "names" = jsonb_build_object('zh_CN', '浙江工商业分时电价（示例）', 'en_US', 'Zhejiang commercial and industrial time-of-use tariff (example)', 'es_ES', 'Tarifa horaria comercial e industrial de Zhejiang (ejemplo)', 'ja_JP', '浙江省 商工業向け時間帯別料金（例）')
  WHERE "code" = 'TOU-ZJ' AND "name" = '浙江工商业分时电价（示例）';--> statement-breakpoint
UPDATE "sys_dict_type" SET "descriptions" = jsonb_build_object('zh_CN', '测点类型：遥测、遥信、遥控、遥调', 'en_US', 'Point kinds: telemetry, status, control, setpoint', 'es_ES', 'Tipos de punto: telemedida, estado, telemando, consigna', 'ja_JP', '測定点の種類：テレメータ、テレインジケータ、テレコントロール、テレセットポイント')
  WHERE "type" = 'pointType' AND "description" IN ('Point kinds: telemetry, status, control, setpoint', '测点类型：遥测、遥信、遥控、遥调');--> statement-breakpoint
UPDATE "sys_dict_type" SET "descriptions" = jsonb_build_object('zh_CN', '计量单位', 'en_US', 'Units of measurement', 'es_ES', 'Unidades de medida', 'ja_JP', '計量単位')
  WHERE "type" = 'symbolType' AND "description" IN ('Units of measurement', '计量单位');--> statement-breakpoint
UPDATE "sys_dict_type" SET "descriptions" = jsonb_build_object('zh_CN', '电站建设状态', 'en_US', 'Station construction state', 'es_ES', 'Estado de construcción de la estación', 'ja_JP', '発電所の建設状況')
  WHERE "type" = 'stationType' AND "description" IN ('Station construction state', '电站建设状态');--> statement-breakpoint
UPDATE "sys_dict_type" SET "descriptions" = jsonb_build_object('zh_CN', '站点状态', 'en_US', 'Site status', 'es_ES', 'Estado del emplazamiento', 'ja_JP', 'サイトの状態')
  WHERE "type" = 'siteStatus' AND "description" IN ('Site status', '站点状态');--> statement-breakpoint
UPDATE "sys_dict_type" SET "descriptions" = jsonb_build_object('zh_CN', '设备通信状态', 'en_US', 'Device communication status', 'es_ES', 'Estado de comunicación del equipo', 'ja_JP', '機器の通信状態')
  WHERE "type" = 'deviceStatus' AND "description" IN ('Device communication status', '设备通信状态');--> statement-breakpoint
UPDATE "sys_dict_type" SET "descriptions" = jsonb_build_object('zh_CN', '消息类型', 'en_US', 'Message types', 'es_ES', 'Tipos de mensaje', 'ja_JP', 'メッセージの種類')
  WHERE "type" = 'messageType' AND "description" IN ('Message types', '消息类型');--> statement-breakpoint
UPDATE "sys_dict_type" SET "descriptions" = jsonb_build_object('zh_CN', '工单类型', 'en_US', 'Work order types', 'es_ES', 'Tipos de orden de trabajo', 'ja_JP', '作業指示の種類')
  WHERE "type" = 'orderType' AND "description" IN ('Work order types', '工单类型');--> statement-breakpoint
UPDATE "sys_dict_type" SET "descriptions" = jsonb_build_object('zh_CN', '消息播放频率单位', 'en_US', 'Message play frequency units', 'es_ES', 'Unidades de frecuencia de reproducción de mensajes', 'ja_JP', 'メッセージ再生頻度の単位')
  WHERE "type" = 'frequencyUnit' AND "description" IN ('Message play frequency units', '消息播放频率单位');--> statement-breakpoint
UPDATE "sys_dict_type" SET "descriptions" = jsonb_build_object('zh_CN', '分时电价时段', 'en_US', 'Time-of-use tariff periods', 'es_ES', 'Periodos de la tarifa horaria', 'ja_JP', '時間帯別料金の時間帯')
  WHERE "type" = 'touPeriod' AND "description" IN ('Time-of-use tariff periods', '分时电价时段');--> statement-breakpoint
UPDATE "sys_dict_type" SET "descriptions" = jsonb_build_object('zh_CN', '费率模板的用电类型', 'en_US', 'Electricity types of rate templates', 'es_ES', 'Tipos de suministro de las plantillas de tarifa', 'ja_JP', '料金テンプレートの電力種別')
  WHERE "type" = 'electricityType' AND "description" IN ('Electricity types of rate templates', '费率模板的用电类型');--> statement-breakpoint
UPDATE "sys_dict_type" SET "descriptions" = jsonb_build_object('zh_CN', '性别', 'en_US', 'Sex', 'es_ES', 'Sexo', 'ja_JP', '性別')
  WHERE "type" = 'sex' AND "description" IN ('Sex', '性别');--> statement-breakpoint
UPDATE "sys_dict_type" SET "descriptions" = jsonb_build_object('zh_CN', '告警等级：1 紧急 … 4 提示', 'en_US', 'Alarm levels: 1 critical … 4 hint', 'es_ES', 'Niveles de alarma: 1 crítica … 4 aviso', 'ja_JP', 'アラームレベル：1 緊急 … 4 通知')
  WHERE "type" = 'alarmLevel' AND "description" IN ('Alarm levels: 1 critical … 4 hint', '告警等级：1 紧急 … 4 提示');--> statement-breakpoint
UPDATE "biz_sequence_template" SET "names" = jsonb_build_object('zh_CN', '储能一键启动', 'en_US', 'Storage start', 'es_ES', 'Arranque del almacenamiento', 'ja_JP', '蓄電一括起動')
  WHERE "built_in" AND "station_id" IS NULL AND "name" IN ('储能一键启动 / Storage start', '储能一键启动');--> statement-breakpoint
UPDATE "biz_sequence_template" SET "names" = jsonb_build_object('zh_CN', '储能一键停机', 'en_US', 'Storage stop', 'es_ES', 'Parada del almacenamiento', 'ja_JP', '蓄電一括停止')
  WHERE "built_in" AND "station_id" IS NULL AND "name" IN ('储能一键停机 / Storage stop', '储能一键停机');
