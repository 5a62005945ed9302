import { CORE_LOCALE } from '@/lib/i18n/core-locale';
import { combineLocales } from '@/lib/i18n/feature-locale';
import { FEATURE_LOCALES } from './feature-locales';

/**
 * Every text of the app in all four languages: the shared ones and each feature's. Used for the
 * typed keys (i18next.d.ts) and the locale tests; the running app loads the shared texts one
 * language at a time and the features' texts with the signed-in layout.
 */
export const APP_LOCALES = combineLocales(CORE_LOCALE, FEATURE_LOCALES);
