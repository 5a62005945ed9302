import { defineLocale } from '@/lib/i18n/feature-locale';
import { en_US } from './en_US';
import { es_ES } from './es_ES';
import { ja_JP } from './ja_JP';
import { zh_CN } from './zh_CN';

/** Texts of the dashboards (/surveillance/dashboard) and their published pages. Refusals arrive in the server's words. */
export const DASHBOARDS_LOCALE = defineLocale({ zh_CN, en_US, es_ES, ja_JP });
