import { LANGS } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { FEATURE_LOCALES } from './feature-locales';
import { FEATURE_TEXTS } from './feature-texts';

describe('feature texts per language', () => {
  it.each(LANGS)('the %s chunk holds exactly the typed feature texts of that language', async (lang) => {
    expect(await FEATURE_TEXTS[lang]()).toEqual(FEATURE_LOCALES[lang]);
  });
});
