import { describe, expect, it } from 'vitest';
import { checkEmail, checkPasswordLength, checkPhone, checkUrl, isExternalLink, isVisualLink } from './validators';

describe('field checks of spec 5', () => {
  it('checks phone numbers: empty, length, format', () => {
    expect(checkPhone('')).toBe('validation.phoneEmpty');
    expect(checkPhone(undefined)).toBe('validation.phoneEmpty');
    expect(checkPhone('1381234567')).toBe('validation.phoneLength');
    expect(checkPhone('23812345678')).toBe('validation.phoneFormat');
    expect(checkPhone('13812345678')).toBeNull();
  });
  it('checks e-mail, URL and external links', () => {
    expect(checkEmail('ops@example.com')).toBeNull();
    expect(checkEmail('ops@')).toBe('validation.emailFormat');
    expect(checkUrl('https://example.com/a')).toBeNull();
    expect(checkUrl('ftp://example.com')).toBe('validation.urlFormat');
    expect(checkUrl('not a url')).toBe('validation.urlFormat');
    for (const ok of ['http://a', 'https://a', 'mailto:a@b.c', 'tel:123']) expect(isExternalLink(ok)).toBe(true);
    expect(isExternalLink('/system/user')).toBe(false);
  });
  it('tells links to the visualisation host from every other link', () => {
    const visual = 'https://visual.example';
    expect(isVisualLink('https://visual.example/#/screen?x=1', visual)).toBe(true);
    expect(isVisualLink('https://visual.example:443/a', visual)).toBe(true);
    for (const other of [
      'http://visual.example/a',
      'https://visual.example.evil.example/a',
      'https://visual.example@evil.example/a',
      'https://evil.example/https://visual.example',
      'https:\\\\visual.example/a',
      '/\\visual.example/a',
      '/system/user',
      'mailto:ops@visual.example',
    ]) {
      expect(isVisualLink(other, visual), other).toBe(false);
    }
    expect(isVisualLink('https://visual.example/a', null)).toBe(false);
  });
  it('accepts passwords of 6 to 18 characters', () => {
    expect(checkPasswordLength('12345')).toBe('validation.passwordLength');
    expect(checkPasswordLength('123456')).toBeNull();
    expect(checkPasswordLength('x'.repeat(18))).toBeNull();
    expect(checkPasswordLength('x'.repeat(19))).toBe('validation.passwordLength');
  });
});
