import { en_US } from './locales/en_US';
import { es_ES } from './locales/es_ES';
import { ja_JP } from './locales/ja_JP';
import { zh_CN } from './locales/zh_CN';

/**
 * The shared texts (shell, session, errors) in all four languages, for the typed keys and the
 * locale tests. The running app never imports this: it loads one language at a time
 * (`loadLanguage` in ./index.ts), so a page carries only the texts it shows.
 */
export const CORE_LOCALE = { zh_CN, en_US, es_ES, ja_JP };
