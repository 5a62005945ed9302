-- Seeded roles read in the user's language (issue 21 finding 7): names and descriptions per
-- language beside the stored ones. The five seeded roles get theirs by code, each only while it
-- still carries the seeded text (a role renamed or redescribed by hand keeps what was typed).
ALTER TABLE "sys_role" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_role" ADD COLUMN "descriptions" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "sys_role" SET "names" = jsonb_build_object('zh_CN', '系统管理员', 'en_US', 'System administrator', 'es_ES', 'Administrador del sistema', 'ja_JP', 'システム管理者')
  WHERE "code" = 'admin' AND "name" = '系统管理员';--> statement-breakpoint
UPDATE "sys_role" SET "descriptions" = jsonb_build_object('zh_CN', '全部菜单和权限', 'en_US', 'All menus and permissions', 'es_ES', 'Todos los menús y permisos', 'ja_JP', 'すべてのメニューと権限')
  WHERE "code" = 'admin' AND "description" IN ('All menus and permissions', '全部菜单和权限');--> statement-breakpoint
UPDATE "sys_role" SET "names" = jsonb_build_object('zh_CN', '运行值班员', 'en_US', 'Shift operator', 'es_ES', 'Operador de turno', 'ja_JP', '運転当直員')
  WHERE "code" = 'operator' AND "name" = '运行值班员';--> statement-breakpoint
UPDATE "sys_role" SET "descriptions" = jsonb_build_object('zh_CN', '运行电站：监控、告警、策略、指令', 'en_US', 'Operates stations: monitoring, alarms, strategy, commands', 'es_ES', 'Opera las estaciones: supervisión, alarmas, estrategia, comandos', 'ja_JP', '発電所の運転：監視、アラーム、戦略、指令')
  WHERE "code" = 'operator' AND "description" IN ('Operates stations: monitoring, alarms, strategy, commands', '运行电站：监控、告警、策略、指令');--> statement-breakpoint
UPDATE "sys_role" SET "names" = jsonb_build_object('zh_CN', '运维检修员', 'en_US', 'Maintenance technician', 'es_ES', 'Técnico de mantenimiento', 'ja_JP', '保守点検員')
  WHERE "code" = 'maintainer' AND "name" = '运维检修员';--> statement-breakpoint
UPDATE "sys_role" SET "descriptions" = jsonb_build_object('zh_CN', '运维：工单、设备、文件、升级', 'en_US', 'Maintenance: work orders, equipment, files, upgrades', 'es_ES', 'Mantenimiento: órdenes de trabajo, equipos, archivos, actualizaciones', 'ja_JP', '保守：作業指示、設備、ファイル、アップグレード')
  WHERE "code" = 'maintainer' AND "description" IN ('Maintenance: work orders, equipment, files, upgrades', '运维：工单、设备、文件、升级');--> statement-breakpoint
UPDATE "sys_role" SET "names" = jsonb_build_object('zh_CN', '集团管理者', 'en_US', 'Group manager', 'es_ES', 'Directivo del grupo', 'ja_JP', 'グループ管理者')
  WHERE "code" = 'manager' AND "name" = '集团管理者';--> statement-breakpoint
UPDATE "sys_role" SET "descriptions" = jsonb_build_object('zh_CN', '只读，查看集团全部电站', 'en_US', 'Read-only, group-wide view of every station', 'es_ES', 'Solo lectura, vista de todas las estaciones del grupo', 'ja_JP', '閲覧のみ、グループ全発電所を表示')
  WHERE "code" = 'manager' AND "description" IN ('Read-only, group-wide view of every station', '只读，查看集团全部电站');--> statement-breakpoint
UPDATE "sys_role" SET "names" = jsonb_build_object('zh_CN', '大屏演示', 'en_US', 'Large-screen demo', 'es_ES', 'Demostración en pantalla grande', 'ja_JP', '大画面デモ')
  WHERE "code" = 'screen' AND "name" = '大屏演示';--> statement-breakpoint
UPDATE "sys_role" SET "descriptions" = jsonb_build_object('zh_CN', '大屏只读演示账号', 'en_US', 'Read-only demo account for large screens', 'es_ES', 'Cuenta de demostración de solo lectura para pantallas grandes', 'ja_JP', '大画面用の閲覧専用デモアカウント')
  WHERE "code" = 'screen' AND "description" IN ('Read-only demo account for large screens', '大屏只读演示账号');
