import { defineLocale } from '@/lib/i18n/feature-locale';

/** The navbar bell's list of the latest unconfirmed alarms. */
export const ALARM_BELL_LOCALE = defineLocale({
  zh_CN: { alarmBell: { none: '没有未确认的告警', more: '另有 {{count}} 条未确认告警' } },
  en_US: { alarmBell: { none: 'No unconfirmed alarms', more: '{{count}} more unconfirmed' } },
  es_ES: { alarmBell: { none: 'No hay alarmas sin confirmar', more: '{{count}} más sin confirmar' } },
  ja_JP: { alarmBell: { none: '未確認のアラームはありません', more: 'ほかに未確認 {{count}} 件' } },
});
