import dayjs from 'dayjs';
import i18next from 'i18next';
import { afterAll, describe, expect, it } from 'vitest';
import { CORE_LOCALE } from './core-locale';
import { antdLocale, setLanguage } from './index';

describe('language packs', () => {
  afterAll(() => setLanguage('en_US', false));

  // First in the file: Japanese is not loaded yet, so its switch waits for its pack.
  it('ends in the language asked for last when switches overlap', async () => {
    const slow = setLanguage('ja_JP', false);
    const fast = setLanguage('en_US', false);
    await Promise.all([slow, fast]);
    expect(i18next.language).toBe('en_US');
    expect(document.documentElement.lang).toBe('en');
  });

  it.each([
    ['ja_JP', 'ja', 'ja'],
    ['es_ES', 'es', 'es'],
    ['zh_CN', 'zh-cn', 'zh-cn'],
  ] as const)('switching to %s loads its texts, antd locale and dayjs locale first', async (lang, antd, day) => {
    await setLanguage(lang, false);
    expect(i18next.language).toBe(lang);
    expect(i18next.t('app.title')).toBe(CORE_LOCALE[lang].app.title);
    expect(antdLocale(lang)?.locale).toBe(antd);
    expect(dayjs.locale()).toBe(day);
    expect(document.documentElement.lang).not.toBe('');
  });
});
