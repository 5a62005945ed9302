import { describe, expect, it } from 'vitest';
import {
  type MenuAddBody,
  menuAddBody,
  menuDescendantIds,
  menuFieldProblem,
  menuParentProblem,
  parseMenuPerms,
} from './menu-admin';
import { flattenSeedMenu } from './menu-tree';
import { checkExternalLink, checkMenuUrl } from './validators';

describe('external links (spec 5)', () => {
  it('accepts http, https, mailto and tel links', () => {
    for (const ok of [
      'http://example.com',
      'https://example.com/a?b=1#c',
      'mailto:ops@example.com',
      'tel:+86-138-1234-5678',
      'tel:(010)12345678',
    ]) {
      expect(checkExternalLink(ok), ok).toBeNull();
    }
  });
  it('refuses other schemes, bare hosts, empty links and spaces', () => {
    for (const bad of [
      'javascript:alert(1)',
      'ftp://example.com',
      'www.example.com',
      'http://',
      'https://',
      'mailto:',
      'mailto:nobody',
      'tel:',
      'tel:abc',
      'https://a b.c',
      'HTTP://example.com',
      '',
    ]) {
      expect(checkExternalLink(bad), bad).toBe('validation.externalLink');
    }
  });
  it('lets a menu url be a path of the platform or an external link, never protocol-relative', () => {
    expect(checkMenuUrl('/system/user')).toBeNull();
    expect(checkMenuUrl('https://example.com')).toBeNull();
    expect(checkMenuUrl('//evil.example')).toBe('validation.externalLink');
    expect(checkMenuUrl('system/user')).toBe('validation.externalLink');
  });
  it('refuses backslashes, control characters and protocol-relative paths, which browsers resolve to another host', () => {
    for (const bad of [
      '/\\evil.example/p',
      'http:\\\\evil.example',
      'https:/\\evil.example',
      'https://example.com/a\\b',
      '//evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/system\u0000/user',
      '/system/user\u007f',
      'https://exa\u0085mple.com',
    ]) {
      expect(checkMenuUrl(bad), JSON.stringify(bad)).toBe('validation.externalLink');
      expect(menuFieldProblem(body({ url: bad })), JSON.stringify(bad)).toBe('urlFormat');
    }
    expect(checkMenuUrl('/system/user?tab=1#top')).toBeNull();
  });
});

const body = (over: Partial<MenuAddBody> = {}): MenuAddBody =>
  menuAddBody.parse({ pid: 0, code: 'a.b', names: { zh_CN: '甲', en_US: 'A' }, type: 'menu', ...over });

describe('menu row fields', () => {
  it('needs a Chinese and an English title; the other languages may be empty', () => {
    expect(menuFieldProblem(body())).toBeNull();
    expect(menuFieldProblem(body({ names: { zh_CN: '甲', en_US: '', es_ES: 'A', ja_JP: 'A' } }))).toBe('nameRequired');
    expect(menuFieldProblem(body({ names: { zh_CN: '', en_US: 'A', es_ES: '', ja_JP: '' } }))).toBe('nameRequired');
    expect(menuAddBody.parse({ pid: 0, code: 'x', names: { zh_CN: ' 甲 ' }, type: 'menu' }).names).toEqual({
      zh_CN: '甲',
      en_US: '',
      es_ES: '',
      ja_JP: '',
    });
  });
  it('checks the code, permissions, url, icon and colour', () => {
    expect(menuFieldProblem(body({ code: '1x' }))).toBe('codeFormat');
    expect(menuFieldProblem(body({ code: 'x y' }))).toBe('codeFormat');
    expect(menuFieldProblem(body({ perms: 'sys' }))).toBe('permsFormat');
    expect(menuFieldProblem(body({ url: 'javascript:void(0)' }))).toBe('urlFormat');
    expect(menuFieldProblem(body({ icon: 'a b' }))).toBe('iconFormat');
    expect(menuFieldProblem(body({ color: '#12' }))).toBe('colorFormat');
    expect(menuFieldProblem(body({ color: '#1677ff' }))).toBeNull();
    expect(menuFieldProblem(body({ type: 'button' }))).toBe('buttonRoot');
  });
  it('reads a permission list of a:b:c entries', () => {
    expect(parseMenuPerms(null)).toEqual([]);
    expect(parseMenuPerms(' sys:user:add , sys:translate')).toEqual(['sys:user:add', 'sys:translate']);
    for (const bad of ['sys', ':a', 'a:', 'a::b', 'a:b,', 'a:b c']) expect(parseMenuPerms(bad), bad).toBeNull();
  });
  it('accepts every seeded page and button as it is', () => {
    for (const m of flattenSeedMenu()) {
      expect(
        menuFieldProblem(body({ code: m.code, url: m.url, icon: m.icon ?? null, perms: m.perms ?? null, pid: 1 })),
      ).toBeNull();
      for (const b of m.buttons ?? []) {
        expect(menuFieldProblem(body({ code: b.code, type: 'button', perms: b.perms, pid: 1 })), b.code).toBeNull();
      }
    }
  });
});

describe('menu node rules (spec 5 "node id")', () => {
  // 1 menu ─ 2 menu ─ 3 button
  //        └ 4 menu
  // 5 menu
  const rows = [
    { id: 1, pid: 0, type: 'menu' as const },
    { id: 2, pid: 1, type: 'menu' as const },
    { id: 3, pid: 2, type: 'button' as const },
    { id: 4, pid: 1, type: 'menu' as const },
    { id: 5, pid: 0, type: 'menu' as const },
  ];
  it('finds descendants', () => {
    expect([...menuDescendantIds(rows, 1)].sort()).toEqual([2, 3, 4]);
    expect([...menuDescendantIds(rows, 3)]).toEqual([]);
  });
  it('accepts new rows under menus and at the root (menus only)', () => {
    expect(menuParentProblem({ id: null, pid: 0, type: 'menu' }, rows)).toBeNull();
    expect(menuParentProblem({ id: null, pid: 2, type: 'button' }, rows)).toBeNull();
    expect(menuParentProblem({ id: null, pid: 0, type: 'button' }, rows)).toBe('buttonRoot');
  });
  it('refuses a missing parent, the row itself, its descendants, and a button as parent', () => {
    expect(menuParentProblem({ id: null, pid: 99, type: 'menu' }, rows)).toBe('parentMissing');
    expect(menuParentProblem({ id: 1, pid: 1, type: 'menu' }, rows)).toBe('parentSelf');
    expect(menuParentProblem({ id: 1, pid: 2, type: 'menu' }, rows)).toBe('parentDescendant');
    expect(menuParentProblem({ id: 1, pid: 3, type: 'menu' }, rows)).toBe('parentDescendant');
    expect(menuParentProblem({ id: null, pid: 3, type: 'menu' }, rows)).toBe('parentButton');
    expect(menuParentProblem({ id: 5, pid: 3, type: 'button' }, rows)).toBe('parentButton');
    expect(menuParentProblem({ id: 4, pid: 5, type: 'menu' }, rows)).toBeNull();
  });
  it('keeps buttons childless: a menu with children cannot become a button', () => {
    expect(menuParentProblem({ id: 2, pid: 1, type: 'button' }, rows)).toBe('buttonWithChildren');
    expect(menuParentProblem({ id: 4, pid: 1, type: 'button' }, rows)).toBeNull();
  });
});
