import { defineLocale } from '@/lib/i18n/feature-locale';

/** Texts of a value shown against its warning and alarm limits. */
export const LIMIT_VALUE_LOCALE = defineLocale({
  zh_CN: {
    limitValue: {
      above: '高于{{level}}上限 {{bound}}',
      below: '低于{{level}}下限 {{bound}}',
      warning: '告警',
      alarm: '报警',
    },
  },
  en_US: {
    limitValue: {
      above: 'Above the {{level}} limit of {{bound}}',
      below: 'Below the {{level}} limit of {{bound}}',
      warning: 'warning',
      alarm: 'alarm',
    },
  },
  es_ES: {
    limitValue: {
      above: 'Por encima del límite de {{level}} de {{bound}}',
      below: 'Por debajo del límite de {{level}} de {{bound}}',
      warning: 'advertencia',
      alarm: 'alarma',
    },
  },
  ja_JP: {
    limitValue: {
      above: '{{level}}上限 {{bound}} を超過',
      below: '{{level}}下限 {{bound}} を下回る',
      warning: '警告',
      alarm: '警報',
    },
  },
});
