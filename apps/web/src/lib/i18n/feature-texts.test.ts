import { LANGS, type Lang } from '@ess/contract';
import i18next from 'i18next';
import { afterAll, describe, expect, it } from 'vitest';
import { loadLanguage, provideFeatureTexts, setLanguage } from './index';

/** Feature packs of one probe text per language, recording which languages were fetched. */
const fetched: Lang[] = [];
const probe = (lang: Lang) => `probe ${lang}`;
const packs = Object.fromEntries(
  LANGS.map((lang) => [
    lang,
    async () => {
      fetched.push(lang);
      return { featureProbe: { text: probe(lang) } };
    },
  ]),
) as Record<Lang, () => Promise<object>>;

const shown = (lang: Lang) => i18next.getResource(lang, 'translation', 'featureProbe.text');

describe('feature texts', () => {
  afterAll(() => setLanguage('en_US', false));

  it('load for the languages already loaded when given, and no other', async () => {
    await loadLanguage('es_ES');
    await provideFeatureTexts(packs);
    expect(fetched).toEqual(['es_ES']);
    expect(shown('es_ES')).toBe(probe('es_ES'));
  });

  it('load with a language switched to, before the switch shows it', async () => {
    await setLanguage('ja_JP', false);
    expect(i18next.language).toBe('ja_JP');
    expect(shown('ja_JP')).toBe(probe('ja_JP'));
    await setLanguage('es_ES', false);
    expect(fetched).toEqual(['es_ES', 'ja_JP']);
    expect(shown('zh_CN')).toBeUndefined();
  });
});
