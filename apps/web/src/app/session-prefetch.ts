import { isScreenFrom } from '@ess/contract';
import { currentLang } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { menuQuery } from '@/lib/session/api/get-menu';
import { stationsQuery } from '@/lib/session/api/get-stations';
import { userInfoQuery } from '@/lib/session/api/get-user-info';
import { useSession } from '@/lib/session/session-store';

/**
 * Starts the signed-in frame's calls as soon as a layout route opens, instead of one after the
 * other as each component mounts (user info → stations → menu): the user info at once, then
 * the stations and the menu of the remembered station side by side. Stations and menu wait for
 * the user info so an expired session is still reported once, by the session guard.
 */
export function prefetchSession(): void {
  const { token, stationId } = useSession.getState();
  if (token === null || isScreenFrom(new URLSearchParams(window.location.search).get('from'))) return;
  const lang = currentLang();
  void queryClient.prefetchQuery(userInfoQuery()).then(() => {
    if (queryClient.getQueryState(userInfoQuery().queryKey)?.status !== 'success') return;
    void queryClient.prefetchQuery(stationsQuery(lang));
    if (stationId !== null) void queryClient.prefetchQuery(menuQuery(stationId, lang));
  });
}
