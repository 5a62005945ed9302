import { describe, expect, it } from 'vitest';
import { isSafeText, unsafeTextPath } from './text-safety';

describe('text safety', () => {
  it('accepts any well-formed text, emoji and CJK included', () => {
    for (const s of ['', 'abc', '宁波北仑储能项目', 'ストレージ', 'niño', '😀 ok', 'tab\tnew\nline']) {
      expect(isSafeText(s), s).toBe(true);
    }
  });

  it('refuses NUL and unpaired surrogates wherever they are', () => {
    for (const s of ['\u0000', 'a\u0000b', '\ud800', 'x\ud800', '\udc00y', '\udc00\ud800', 'ok\ud83d']) {
      expect(isSafeText(s), JSON.stringify(s)).toBe(false);
    }
  });

  it('names the first unsafe string or key in a request', () => {
    expect(unsafeTextPath({ a: 1, b: ['ok', { c: 'x\u0000' }] })).toEqual(['b', 1, 'c']);
    expect(unsafeTextPath({ 'k\ud800': 1 })).toEqual(['k\ud800']);
    expect(unsafeTextPath('\ud800')).toEqual([]);
    expect(unsafeTextPath({ a: ['😀', null, 3, true] })).toBeNull();
  });
});
