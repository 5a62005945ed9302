import { DEFAULT_LANG, LANGS, type Lang, normalizeLang } from '@ess/contract';
import enUS from 'antd/es/locale/en_US';
import esES from 'antd/es/locale/es_ES';
import jaJP from 'antd/es/locale/ja_JP';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/ja';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { langStore } from '../storage';
import { en_US } from './locales/en_US';
import { es_ES } from './locales/es_ES';
import { ja_JP } from './locales/ja_JP';
import { zh_CN } from './locales/zh_CN';

/** The shared texts (shell, session, errors); features add theirs (app/locales.ts). */
export const CORE_LOCALE = { zh_CN, en_US, es_ES, ja_JP };
export type Resources = Record<Lang, object>;
export const ANTD_LOCALES = { zh_CN: zhCN, en_US: enUS, es_ES: esES, ja_JP: jaJP } as const;
const DAYJS_LOCALES: Record<Lang, string> = { zh_CN: 'zh-cn', en_US: 'en', es_ES: 'es', ja_JP: 'ja' };
const HTML_LANG: Record<Lang, string> = { zh_CN: 'zh-CN', en_US: 'en', es_ES: 'es', ja_JP: 'ja' };

/** Language at start: this tab's choice, else the browser's, else Chinese. */
export function initialLang(): Lang {
  return langStore.get() ?? (typeof navigator === 'undefined' ? DEFAULT_LANG : normalizeLang(navigator.language));
}

function applySideEffects(lang: Lang): void {
  dayjs.locale(DAYJS_LOCALES[lang]);
  document.documentElement.lang = HTML_LANG[lang];
  document.title = i18next.t('app.title');
}

export function initI18n(resources: Resources, lang: Lang = initialLang()): typeof i18next {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: Object.fromEntries(LANGS.map((l) => [l, { translation: resources[l] }])),
      lng: lang,
      fallbackLng: DEFAULT_LANG,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  applySideEffects(lang);
  return i18next;
}

/** The language requests are sent in (`lang` header) and the UI is shown in. */
export const currentLang = (): Lang => normalizeLang(i18next.language);

/** Switches the interface; remembered for this tab in session storage (spec 4). */
export async function setLanguage(lang: Lang, remember = true): Promise<void> {
  if (remember) langStore.set(lang);
  await i18next.changeLanguage(lang);
  applySideEffects(lang);
}
