import { DEFAULT_LANG, LANGS, type Lang, normalizeLang } from '@ess/contract';
import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { langStore } from '../storage';

export type Resources = Record<Lang, object>;

/**
 * One language's shared texts, antd locale and dayjs locale, each a chunk of its own: the app
 * loads the language it shows (before the first render, and on a switch), never all four.
 */
type LanguagePack = { texts: object; antd: Locale };
const PACKS: Record<Lang, () => Promise<LanguagePack>> = {
  zh_CN: async () => {
    const [texts, antd] = await Promise.all([
      import('./locales/zh_CN'),
      import('antd/es/locale/zh_CN'),
      import('dayjs/locale/zh-cn'),
    ]);
    return { texts: texts.zh_CN, antd: antd.default };
  },
  en_US: async () => {
    const [texts, antd] = await Promise.all([import('./locales/en_US'), import('antd/es/locale/en_US')]);
    return { texts: texts.en_US, antd: antd.default };
  },
  es_ES: async () => {
    const [texts, antd] = await Promise.all([
      import('./locales/es_ES'),
      import('antd/es/locale/es_ES'),
      import('dayjs/locale/es'),
    ]);
    return { texts: texts.es_ES, antd: antd.default };
  },
  ja_JP: async () => {
    const [texts, antd] = await Promise.all([
      import('./locales/ja_JP'),
      import('antd/es/locale/ja_JP'),
      import('dayjs/locale/ja'),
    ]);
    return { texts: texts.ja_JP, antd: antd.default };
  },
};
const DAYJS_LOCALES: Record<Lang, string> = { zh_CN: 'zh-cn', en_US: 'en', es_ES: 'es', ja_JP: 'ja' };
const HTML_LANG: Record<Lang, string> = { zh_CN: 'zh-CN', en_US: 'en', es_ES: 'es', ja_JP: 'ja' };

const antdLocales: Partial<Record<Lang, Locale>> = {};
const loading: Partial<Record<Lang, Promise<void>>> = {};

/** antd's texts for a language once loaded (antd falls back to English until then). */
export const antdLocale = (lang: Lang): Locale | undefined => antdLocales[lang];

/** Language at start: this tab's choice, else the browser's, else Chinese. */
export function initialLang(): Lang {
  return langStore.get() ?? (typeof navigator === 'undefined' ? DEFAULT_LANG : normalizeLang(navigator.language));
}

function applySideEffects(lang: Lang): void {
  dayjs.locale(DAYJS_LOCALES[lang]);
  document.documentElement.lang = HTML_LANG[lang];
  document.title = i18next.t('app.title');
}

function init(resources: Partial<Resources>, lang: Lang): void {
  if (i18next.isInitialized) return;
  const bundles: Record<string, { translation: object }> = {};
  for (const l of LANGS) {
    const texts = resources[l];
    if (texts) bundles[l] = { translation: texts };
  }
  void i18next.use(initReactI18next).init({
    resources: bundles,
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

/** Loads a language's pack once and adds its texts (a switch waits for this). */
function loadShared(lang: Lang): Promise<void> {
  loading[lang] ??= PACKS[lang]().then(({ texts, antd }) => {
    antdLocales[lang] = antd;
    if (i18next.isInitialized) i18next.addResourceBundle(lang, 'translation', texts, true, true);
    else init({ [lang]: texts }, lang);
  });
  return loading[lang];
}

/** Each language's feature texts, once the signed-in frame has given them (`provideFeatureTexts`). */
let featurePacks: Record<Lang, () => Promise<object>> | undefined;
const featureLoading: Partial<Record<Lang, Promise<void>>> = {};

/** Loads a language's feature texts once, after its shared pack (which starts i18next). */
function loadFeatureTexts(lang: Lang): Promise<void> {
  const packs = featurePacks;
  if (!packs) return Promise.resolve();
  featureLoading[lang] ??= loadShared(lang)
    .then(() => packs[lang]())
    .then((texts) => {
      i18next.addResourceBundle(lang, 'translation', texts, true, true);
    });
  return featureLoading[lang];
}

/** Loads a language's texts: the shared pack, and the features' once given (a switch waits for this). */
export async function loadLanguage(lang: Lang): Promise<void> {
  await loadShared(lang);
  await loadFeatureTexts(lang);
}

/** Starts i18next with the start language's texts only; render after it resolves. */
export async function startI18n(lang: Lang = initialLang()): Promise<typeof i18next> {
  await loadLanguage(lang);
  applySideEffects(lang);
  return i18next;
}

/**
 * Starts i18next synchronously with every language's texts given (unit tests). Called again in
 * the same page (test files sharing a worker's modules), it starts over: that language, and no
 * pack or feature texts loaded yet.
 */
export function initI18n(resources: Resources, lang: Lang = initialLang()): typeof i18next {
  for (const l of LANGS) {
    delete loading[l];
    delete featureLoading[l];
  }
  featurePacks = undefined;
  if (i18next.isInitialized) void i18next.changeLanguage(lang);
  else init(resources, lang);
  applySideEffects(lang);
  return i18next;
}

/**
 * Gives the features' texts, one loader per language (app/feature-texts.ts): loads them now for
 * the languages loaded so far, and with each language loaded later, so only the languages shown
 * are fetched. The signed-in frame calls this, so the login page carries no feature texts.
 */
export function provideFeatureTexts(packs: Record<Lang, () => Promise<object>>): Promise<void> {
  featurePacks ??= packs;
  return Promise.all((Object.keys(loading) as Lang[]).map(loadFeatureTexts)).then(() => undefined);
}

/**
 * The language requests are sent in (`lang` header) and the UI is shown in; before the start
 * language's pack is in (calls made at start), the language it is loading.
 */
export const currentLang = (): Lang => (i18next.language ? normalizeLang(i18next.language) : initialLang());

let lastSwitch = 0;

/**
 * Switches the interface; remembered for this tab in session storage (spec 4). The last call
 * wins: a switch still loading its pack when a newer one was asked for is dropped, so two
 * overlapping switches cannot end in the older language.
 */
export async function setLanguage(lang: Lang, remember = true): Promise<void> {
  const id = ++lastSwitch;
  if (remember) langStore.set(lang);
  await loadLanguage(lang);
  if (id !== lastSwitch) return;
  await i18next.changeLanguage(lang);
  if (id !== lastSwitch) return;
  applySideEffects(lang);
}
