/** Interface languages; the value is what the client sends in the `lang` header. */
export const LANGS = ['zh_CN', 'en_US', 'es_ES', 'ja_JP'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zh_CN';

export const isLang = (v: unknown): v is Lang => typeof v === 'string' && (LANGS as readonly string[]).includes(v);

/** Accepts `zh_CN`, `zh-CN`, `en`, … and returns a supported language or the default. */
export function normalizeLang(v: string | undefined | null): Lang {
  if (!v) return DEFAULT_LANG;
  const s = v.replace('-', '_');
  if (isLang(s)) return s;
  const prefix = s.slice(0, 2).toLowerCase();
  return LANGS.find((l) => l.startsWith(prefix)) ?? DEFAULT_LANG;
}

/** A text in the four interface languages (menu names, point names, dictionary labels). */
export type Names = Record<Lang, string>;
export const names = (zh_CN: string, en_US: string, es_ES: string, ja_JP: string): Names => ({
  zh_CN,
  en_US,
  es_ES,
  ja_JP,
});

export { scriptProblem, textLeaves } from './script-check';
