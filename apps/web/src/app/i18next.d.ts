import 'i18next';
import type { APP_LOCALES } from './locales';

// Typed keys: `t('nav.logout')` compiles only if the key exists in the Chinese source of the
// shared texts or of a feature.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: (typeof APP_LOCALES)['zh_CN'] };
    returnNull: false;
  }
}
