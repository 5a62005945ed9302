import { LANGS, type Lang, scriptProblem, textLeaves } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { CORE_LOCALE } from './core-locale';

type Locale = Record<Lang, unknown>;

/** Every feature's and shared component's texts: what the screens show besides server data. */
const parts: Record<string, Locale> = Object.fromEntries(
  Object.entries(
    import.meta.glob<Record<string, unknown>>(['/src/{features,components}/*/*locale/index.ts'], {
      eager: true,
    }),
  ).flatMap(([file, mod]) => Object.values(mod).map((locale) => [file, locale as Locale])),
);

/** Each text that is missing, empty or in another script, as `file lang key: problem`. */
function problems(name: string, locale: Locale): string[] {
  const source = textLeaves(locale.zh_CN).map(([key]) => key);
  return LANGS.flatMap((lang) => {
    const texts = new Map(textLeaves(locale[lang]));
    return source.flatMap((key) => {
      const text = texts.get(key);
      // The language menu names each language in itself.
      if (key.startsWith('lang.') && text) return [];
      const problem = text === undefined ? 'missing' : scriptProblem(lang, text);
      return problem ? [`${name} ${lang} ${key}: ${problem} (${text})`] : [];
    });
  });
}

describe('interface texts in four languages', () => {
  it('finds the feature locales', () => {
    expect(Object.keys(parts).length).toBeGreaterThan(25);
  });

  it('every text exists in every language, in that language’s script', () => {
    const found = [
      ...problems('core', CORE_LOCALE),
      ...Object.entries(parts).flatMap(([file, locale]) => problems(file, locale)),
    ];
    expect(found).toEqual([]);
  });
});
