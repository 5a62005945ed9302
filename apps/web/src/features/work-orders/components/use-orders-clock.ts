import { useStationsClock } from '@/lib/format/platform-time';
import { useLang } from '@/lib/i18n/use-lang';
import { stationsOf, useStations } from '@/lib/session/api/get-stations';
import type { StationTime } from '@/lib/station/station-time';

/**
 * Orders are station events: a list of orders reads its times on the stations' clock when every
 * station in the caller's scope shares one zone, else on the user's.
 */
export function useOrdersClock(): StationTime {
  const stations = stationsOf(useStations(useLang()).data);
  return useStationsClock()(stations.map((s) => s.id));
}
