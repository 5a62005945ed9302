import { defineLocale } from '@/lib/i18n/feature-locale';
import { en_US } from './en_US';
import { es_ES } from './es_ES';
import { ja_JP } from './ja_JP';
import { zh_CN } from './zh_CN';

/**
 * Texts of the work-order pages (to-do and done, new order, detail with track, all orders). The
 * checks the server also makes ("executor cannot be empty", "please select a forwarder") are the
 * server's words (workorder-messages.ts).
 */
export const WORK_ORDERS_LOCALE = defineLocale({ zh_CN, en_US, es_ES, ja_JP });
