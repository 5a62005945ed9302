import { isScreenFrom } from '@ess/contract';
import type { QueryKey } from '@tanstack/react-query';
import { currentLang } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { menuQuery } from '@/lib/session/api/get-menu';
import { stationsQuery } from '@/lib/session/api/get-stations';
import { userInfoQuery } from '@/lib/session/api/get-user-info';
import { useSession } from '@/lib/session/session-store';
import { resolveStation } from '@/lib/station/current-station';

/** A failed prefetch leaves nothing behind: the component's own call then runs and reports. */
const forgetOnFailure = (queryKey: QueryKey) => () => queryClient.removeQueries({ queryKey, exact: true });

/**
 * Starts the signed-in frame's calls as soon as a layout route opens and side by side, instead
 * of one after the other as each component mounts (user info → stations → menu of the
 * station): user info, stations and the menu of the remembered station (without one, of the
 * first station once the stations are in, as useCurrentStation picks). The prefetches of
 * stations and menu are quiet (no toast, no session handling), so an expired session is still
 * reported once, by the session guard.
 */
export function prefetchSession(): void {
  const { token, stationId } = useSession.getState();
  if (token === null || isScreenFrom(new URLSearchParams(window.location.search).get('from'))) return;
  const lang = currentLang();
  const prefetchMenu = (id: number) => {
    const menu = menuQuery(id, lang, true);
    void queryClient.fetchQuery(menu).catch(forgetOnFailure(menu.queryKey));
  };
  void queryClient.prefetchQuery(userInfoQuery());
  const stations = stationsQuery(lang, true);
  void queryClient
    .fetchQuery(stations)
    .then((tree) => {
      // No remembered station (or one no longer visible): the frame takes the first one.
      const resolved = resolveStation(tree, stationId);
      if (resolved && resolved.id !== stationId) prefetchMenu(resolved.id);
    })
    .catch(forgetOnFailure(stations.queryKey));
  if (stationId !== null) prefetchMenu(stationId);
}
