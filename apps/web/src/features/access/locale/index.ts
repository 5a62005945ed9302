import { defineLocale } from '@/lib/i18n/feature-locale';
import { en_US } from './en_US';
import { es_ES } from './es_ES';
import { ja_JP } from './ja_JP';
import { zh_CN } from './zh_CN';

/**
 * Texts of users, roles and station roles (/system/user, /system/role, /system/station-role).
 * `menusRequired` and `orgsRequired` say exactly what the server says (i18n/access-messages.ts).
 */
export const ACCESS_LOCALE = defineLocale({ zh_CN, en_US, es_ES, ja_JP });
