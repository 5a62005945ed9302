import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { flattenSeedMenu, LANGS } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { APP_LOCALES } from './locales';

/**
 * Issue 21 finding 6: a page's title is its menu entry's name ("Command delivery", not "Issue
 * order"). Pages take it from `usePageTitle()` (the menu entry of their route); this fails on
 * any page of the registry that titles itself with a text of its own that differs from its
 * menu entry in any language.
 */
const here = dirname(fileURLToPath(import.meta.url));
const src = join(here, '..');
type Tree = { [k: string]: string | Tree };

const textOf = (tree: Tree, key: string): string | undefined => {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
};

/** url → page source, from the registry's `'/url': lazyNamed(() => import('@/…'), …)`. */
function registeredPages(): { url: string; file: string }[] {
  const registry = readFileSync(join(here, 'page-registry.ts'), 'utf8');
  return [...registry.matchAll(/'(\/[^']+)':\s*lazyNamed\(\s*\(\)\s*=>\s*import\('@\/([^']+)'\)/g)].map((m) => ({
    url: m[1] as string,
    file: join(src, `${m[2]}.tsx`),
  }));
}

/** Titles of a section that leads its page (the page has no title card of its own). */
const SECTION_TITLES = new Set(['sequence.progress.title']);

/** The page's own title texts: a `title={t('….title')}` on the page's top (first) element that has one. */
function ownTitleKey(file: string): string | null {
  const m = /title=\{t\('([\w.]+\.title)'\)\}/.exec(readFileSync(file, 'utf8'));
  return m && !SECTION_TITLES.has(m[1] as string) ? (m[1] as string) : null;
}

describe('page titles', () => {
  const menu = new Map(flattenSeedMenu().map((m) => [m.url, m]));
  const pages = registeredPages();

  it('reads every page of the registry', () => {
    expect(pages.length).toBeGreaterThan(40);
    for (const p of pages) expect(readdirSync(dirname(p.file))).toContain(p.file.split('/').at(-1));
  });

  it('titles every page with its menu entry, in every language', () => {
    const mismatches: string[] = [];
    for (const { url, file } of pages) {
      const entry = menu.get(url);
      const key = ownTitleKey(file);
      if (!entry || !key) continue;
      for (const lang of LANGS) {
        const own = textOf(APP_LOCALES[lang] as Tree, key);
        if (own !== entry.names[lang]) mismatches.push(`${url} ${lang}: "${own}" ≠ menu "${entry.names[lang]}"`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
