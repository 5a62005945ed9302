import { defineLocale } from '@/lib/i18n/feature-locale';
import { en_US } from './en_US';
import { es_ES } from './es_ES';
import { ja_JP } from './ja_JP';
import { zh_CN } from './zh_CN';

/**
 * Texts of the station configuration pages: offset settings, virtual devices, configuration
 * sync (site and virtual), topology jumps, meter roles. The offset rules are said in the server's
 * own words (the contract's `configMessages`), so they are not repeated here.
 */
export const STATION_CONFIG_LOCALE = defineLocale({ zh_CN, en_US, es_ES, ja_JP });
