import type { MenuItem } from '@ess/contract';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { findByUrl, topEntryFor } from '@/lib/menu/menu-model';
import { navMemory } from '@/lib/storage';
import { useLayout } from './layout-store';

/** Remembers the active top entry and its last sub-page (spec 2), and records the page as a tag. */
export function useVisitMemory(menu: MenuItem[], tagsEnabled: boolean): void {
  const { pathname } = useLocation();
  const addTag = useLayout((s) => s.addTag);
  useEffect(() => {
    const item = findByUrl(menu, pathname);
    if (!item) return;
    const top = topEntryFor(menu, pathname);
    if (top) {
      navMemory.setActiveTop(top.code);
      if (top.url !== pathname) navMemory.setSubPath(top.code, pathname);
    }
    if (tagsEnabled) addTag({ path: pathname, title: item.name });
  }, [menu, pathname, tagsEnabled, addTag]);
}
