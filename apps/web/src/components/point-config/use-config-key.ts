import { type PageConfigKey, STATION_SKIP_PERMISSION } from '@ess/contract';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useLang } from '@/lib/i18n/use-lang';
import { findByUrl } from '@/lib/menu/menu-model';
import { useMenu } from '@/lib/session/api/get-menu';
import { useUserInfo } from '@/lib/session/api/get-user-info';
import { useCurrentStation } from '@/lib/station/current-station';

/**
 * Where a page block's configuration is kept: the current station, the page and block
 * locations, and the menu id of the current route as permission id (spec 6), except for station
 * 720 where it is not applied. Null until the station and (where needed) the menu are known.
 */
export function usePageConfigKey(pageLocation: string, divLocation: string): PageConfigKey | null {
  const { stationId } = useCurrentStation();
  const lang = useLang();
  const { pathname } = useLocation();
  const skip = stationId === STATION_SKIP_PERMISSION;
  const menu = useMenu(stationId, lang);
  return useMemo(() => {
    if (stationId === null) return null;
    if (skip) return { stationId, pageLocation, divLocation, permissionId: null };
    if (!menu.data) return null;
    const entry = findByUrl(menu.data, pathname);
    return { stationId, pageLocation, divLocation, permissionId: entry?.id ?? null };
  }, [stationId, skip, menu.data, pathname, pageLocation, divLocation]);
}

/** Page configuration is shared by every viewer: read-only and demo accounts may not change it. */
export function useCanConfigure(): boolean {
  const { data } = useUserInfo();
  return Boolean(data && !data.readOnly && !data.demo);
}
