import 'i18next';
import type { zh_CN } from './locales/zh_CN';

// Typed keys: `t('nav.logout')` compiles only if the key exists in the source locale.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof zh_CN };
    returnNull: false;
  }
}
