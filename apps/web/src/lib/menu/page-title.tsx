import { flattenSeedMenu, type Lang, normalizeLang } from '@ess/contract';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';

/** The menu entry the shell is showing: its route and its name in the user's language. */
const PageEntry = createContext<{ url: string; name: string } | null>(null);

/** Gives the page of `url` its menu entry's name (the shell's page outlet). */
export function PageTitleProvider({ url, name, children }: { url: string; name: string; children: ReactNode }) {
  return <PageEntry.Provider value={{ url, name }}>{children}</PageEntry.Provider>;
}

const SEEDED = new Map(flattenSeedMenu().map((m) => [m.url, m.names]));

/**
 * A page's title: the name of its menu entry (issue 21 finding 6), so the two never differ. The
 * user's menu (an administrator may rename an entry) wins; outside the shell, the seeded name.
 */
export function usePageTitle(url: string): string {
  const entry = useContext(PageEntry);
  const { i18n } = useTranslation();
  if (entry && entry.url === url) return entry.name;
  const lang: Lang = normalizeLang(i18n.language);
  return SEEDED.get(url)?.[lang] ?? url;
}
