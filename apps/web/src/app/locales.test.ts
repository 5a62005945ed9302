import { LANGS } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { APP_LOCALES as LOCALES } from './locales';

type Tree = { [k: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/** Words written the same in Japanese and Chinese: the only texts ja_JP may take over unchanged. */
const SHARED_KANJI = new Set([
  '小雨',
  '中雨',
  '大雨',
  '小雪',
  '中雪',
  '大雪',
  '今年',
  '秒',
  '保存',
  '最高',
  '最低',
  '成功',
  // Table headings: "operation" and "name" are written the same in Japanese.
  '操作',
  '名称',
]);

describe('locale files', () => {
  const source = leaves(LOCALES.zh_CN);

  it.each(LANGS)('%s has exactly the keys of the Chinese source, none empty', (lang) => {
    const own = leaves(LOCALES[lang]);
    expect([...own.keys()].sort()).toEqual([...source.keys()].sort());
    for (const [key, text] of own) expect(text.trim(), `${lang} ${key}`).not.toBe('');
  });

  it.each(LANGS)('%s keeps every {{placeholder}} of the source', (lang) => {
    const own = leaves(LOCALES[lang]);
    for (const [key, text] of source)
      expect(placeholders(own.get(key) ?? ''), `${lang} ${key}`).toEqual(placeholders(text));
  });

  it('translates: the other languages do not just copy the Chinese text', () => {
    for (const lang of LANGS.filter((l) => l !== 'zh_CN')) {
      const own = leaves(LOCALES[lang]);
      const copied = [...source].filter(
        ([k, v]) =>
          own.get(k) === v &&
          /[\u4e00-\u9fff]/.test(v) &&
          !k.startsWith('lang.') &&
          !(lang === 'ja_JP' && SHARED_KANJI.has(v.replace(/\{\{\w+\}\}/g, '').trim())),
      );
      expect(copied.map(([k]) => k)).toEqual([]);
    }
  });
});
