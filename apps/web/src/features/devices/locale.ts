import { defineLocale } from '@/lib/i18n/feature-locale';

/** Texts of the storage monitoring, topology and standard-215 screens. */
export const DEVICES_LOCALE = defineLocale({
  zh_CN: { devices: { noStation: '请先选择电站' } },
  en_US: { devices: { noStation: 'Choose a station first' } },
  es_ES: { devices: { noStation: 'Elija primero una estación' } },
  ja_JP: { devices: { noStation: '先にサイトを選択してください' } },
});
