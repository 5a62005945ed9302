import { isExternalLink, type MenuItem } from '@ess/contract';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { DETAIL_REDIRECTS, isScreenRoute, topEntryTarget } from '@/lib/menu/menu-model';
import { applyScreenToken, checkPlatToken } from '@/lib/session/api/screen-token';
import { navMemory } from '@/lib/storage';
import { useSignOut } from './use-sign-out';

/**
 * Opens a menu entry by the navigation rules of spec 2: large screens in a new tab with a
 * one-time token, external links only while the session is valid, detail pages via their
 * list, top entries at their remembered or first sub-page.
 */
export function useOpenEntry(): (entry: MenuItem, opts?: { top?: boolean }) => Promise<void> {
  const navigate = useNavigate();
  const signOut = useSignOut();
  return useCallback(
    async (entry, opts) => {
      const url = entry.url;
      if (!url) return;
      if (isScreenRoute(url) || entry.external) {
        // Open the tab synchronously (popup blockers), then point it at the tokenised address.
        const tab = window.open('about:blank', '_blank');
        const { token } = await applyScreenToken(url === '/common-screen');
        const target = isExternalLink(url) ? new URL(url) : new URL(`${url}`, window.location.origin);
        target.searchParams.set('token', token);
        if (tab) tab.location.href = target.toString();
        return;
      }
      if (isExternalLink(url)) {
        if (!(await checkPlatToken())) {
          await signOut();
          return;
        }
        const { token } = await applyScreenToken(false);
        const target = new URL(url);
        target.searchParams.set('token', token);
        window.open(target.toString(), '_blank', 'noopener');
        return;
      }
      const path = opts?.top ? topEntryTarget(entry, navMemory.subPath(entry.code)) : (DETAIL_REDIRECTS[url] ?? url);
      if (path) navigate(path);
    },
    [navigate, signOut],
  );
}
