import { COMMAND_LOCALE } from '@/components/command/locale';
import { CONTROL_PASSWORD_LOCALE } from '@/components/control-password/locale';
import { CRUD_LOCALE } from '@/components/crud/locale';
import { DEVICE_WIDGETS_LOCALE } from '@/components/device-widgets/locale';
import { FILE_UPLOAD_LOCALE } from '@/components/file-upload/locale';
import { LIMIT_VALUE_LOCALE } from '@/components/limit-value/locale';
import { LIVE_STATUS_LOCALE } from '@/components/live-status/locale';
import { POINT_CONFIG_LOCALE } from '@/components/point-config/locale';
import { PROCESS_DIAGRAM_LOCALE } from '@/components/process-diagram/locale';
import { ACCESS_LOCALE } from '@/features/access/locale';
import { ALARM_BELL_LOCALE } from '@/features/alarm/bell-locale';
import { ALARM_LOCALE } from '@/features/alarm/locale';
import { CARBON_LOCALE } from '@/features/carbon/locale';
import { STATION_CONFIG_LOCALE } from '@/features/configuration/locale';
import { CONTROL_LOCALE } from '@/features/control/locale';
import { DASHBOARDS_LOCALE } from '@/features/dashboards/locale';
import { DEVICE_UPGRADE_LOCALE } from '@/features/device-upgrade/locale';
import { DEVICES_LOCALE } from '@/features/devices/locale';
import { DICT_ADMIN_LOCALE } from '@/features/dictionary/locale';
import { ENERGY_REPORT_LOCALE } from '@/features/energy-report/locale';
import { EQUIPMENT_LOCALE } from '@/features/equipment/locale';
import { HISTORY_LOCALE } from '@/features/history/locale';
import { HOME_LOCALE } from '@/features/home/locale';
import { LARGE_SCREEN_LOCALE } from '@/features/large-screen/locale';
import { MENU_ADMIN_LOCALE } from '@/features/menus/locale';
import { MESSAGES_LOCALE } from '@/features/messages/locale';
import { NOTIFY_LOCALE } from '@/features/notify/locale';
import { ORG_ADMIN_LOCALE } from '@/features/organisations/locale';
import { PLAN_CURVE_LOCALE } from '@/features/plan-curve/locale';
import { POST_ADMIN_LOCALE } from '@/features/posts/locale';
import { RATES_LOCALE } from '@/features/rates/locale';
import { REMOTE_FILES_LOCALE } from '@/features/remote-files/locale';
import { RUN_REVIEW_LOCALE } from '@/features/run-review/locale';
import { SEQUENCE_LOCALE } from '@/features/sequence/locale';
import { SITE_OVERVIEW_LOCALE } from '@/features/site-overview/locale';
import { STATEMENT_LOCALE } from '@/features/statement/locale';
import { STATION_REPORT_LOCALE } from '@/features/station-report/locale';
import { STATION_ADMIN_LOCALE } from '@/features/stations/locale';
import { STRATEGY_LOCALE } from '@/features/strategy/locale';
import { SYSTEM_LOG_LOCALE } from '@/features/system-log/locale';
import { WORK_ORDERS_LOCALE } from '@/features/work-orders/locale';
import { WORK_PROCESSES_LOCALE } from '@/features/work-processes/locale';
import { WORK_RECORDS_LOCALE } from '@/features/work-records/locale';
import { combineLocales } from '@/lib/i18n/feature-locale';

/**
 * Every feature's texts in all four languages (add a feature's locale here), for the typed keys
 * (app/locales.ts) and the locale tests. The running app never imports this: the signed-in frame
 * loads the shown language's feature texts only (app/feature-texts.ts); the shared texts are in
 * lib/i18n/locales.
 */
export const FEATURE_LOCALES = combineLocales(
  COMMAND_LOCALE,
  CONTROL_PASSWORD_LOCALE,
  CONTROL_LOCALE,
  SEQUENCE_LOCALE,
  CRUD_LOCALE,
  DEVICE_WIDGETS_LOCALE,
  FILE_UPLOAD_LOCALE,
  LIVE_STATUS_LOCALE,
  LIMIT_VALUE_LOCALE,
  DEVICES_LOCALE,
  SITE_OVERVIEW_LOCALE,
  STATION_REPORT_LOCALE,
  POINT_CONFIG_LOCALE,
  PROCESS_DIAGRAM_LOCALE,
  HISTORY_LOCALE,
  HOME_LOCALE,
  LARGE_SCREEN_LOCALE,
  ENERGY_REPORT_LOCALE,
  EQUIPMENT_LOCALE,
  SYSTEM_LOG_LOCALE,
  ALARM_LOCALE,
  ALARM_BELL_LOCALE,
  MESSAGES_LOCALE,
  NOTIFY_LOCALE,
  ORG_ADMIN_LOCALE,
  POST_ADMIN_LOCALE,
  STATION_ADMIN_LOCALE,
  MENU_ADMIN_LOCALE,
  DICT_ADMIN_LOCALE,
  RATES_LOCALE,
  CARBON_LOCALE,
  STATEMENT_LOCALE,
  RUN_REVIEW_LOCALE,
  STRATEGY_LOCALE,
  DEVICE_UPGRADE_LOCALE,
  REMOTE_FILES_LOCALE,
  DASHBOARDS_LOCALE,
  PLAN_CURVE_LOCALE,
  STATION_CONFIG_LOCALE,
  ACCESS_LOCALE,
  WORK_ORDERS_LOCALE,
  WORK_PROCESSES_LOCALE,
  WORK_RECORDS_LOCALE,
);
