import { type MenuItem, sessionApi, shellApi } from '@ess/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { call } from '@/lib/api/client';
import { endpointQuery } from '@/lib/api/endpoint-query';
import { useLang } from '@/lib/i18n/use-lang';
import { DETAIL_REDIRECTS, opensNewWindow, topEntryTarget } from '@/lib/menu/menu-model';
import { windowTarget, withParam } from '@/lib/menu/window-target';
import { applyScreenToken, checkPlatToken } from '@/lib/session/api/screen-token';
import { navMemory } from '@/lib/storage';
import { useSignOut } from './use-sign-out';

/** How long the platform's own facts (the visualisation host among them) are reused. */
const PLATFORM_STALE_MS = 300_000;

/**
 * Opens a menu entry by the navigation rules of spec 2: large screens in a new tab with a
 * one-time token, external links only while the session is valid, detail pages via their
 * list, top entries at their remembered or first sub-page. No address outside this platform
 * ever gets a token: the visualisation host gets a one-time code, any other host nothing.
 */
export function useOpenEntry(): (entry: MenuItem, opts?: { top?: boolean }) => Promise<void> {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const qc = useQueryClient();
  const lang = useLang();
  return useCallback(
    async (entry, opts) => {
      const url = entry.url;
      if (!url) return;
      if (!opensNewWindow(entry)) {
        const path = opts?.top ? topEntryTarget(entry, navMemory.subPath(entry.code)) : (DETAIL_REDIRECTS[url] ?? url);
        if (path) navigate(path);
        return;
      }
      // Open the tab synchronously (popup blockers), cut from this window, then point it.
      const tab = window.open('about:blank', '_blank');
      if (tab) tab.opener = null;
      const go = (href: string | null) => {
        if (href === null) tab?.close();
        else if (tab) tab.location.href = href;
        else window.open(href, '_blank', 'noopener');
      };
      try {
        const here = window.location.origin;
        const target = windowTarget(url, here, null);
        if (!target || target.kind === 'platform') return go(target?.href ?? null);
        if (target.kind === 'screen') {
          const { token } = await applyScreenToken(url === '/common-screen');
          return go(withParam(target.href, 'token', token));
        }
        if (!(await checkPlatToken())) {
          go(null);
          await signOut();
          return;
        }
        const platform = await qc
          .fetchQuery({
            ...endpointQuery(shellApi.platformInfo, undefined, lang, { silent: true }),
            staleTime: PLATFORM_STALE_MS,
          })
          .catch(() => null);
        if (windowTarget(url, here, platform?.visualOrigin ?? null)?.kind !== 'visual') return go(target.href);
        const { code } = await call(sessionApi.visualCode, { url });
        go(withParam(target.href, 'code', code));
      } catch {
        // The call that failed has said why; the blank tab goes.
        go(null);
      }
    },
    [navigate, signOut, qc, lang],
  );
}
