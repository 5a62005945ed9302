import { useLang } from '@/lib/i18n/use-lang';
import { stationsOf, useStations } from '@/lib/session/api/get-stations';
import { useSession } from '@/lib/session/session-store';

/** The station chosen in the shell, with its nameplate (null before the list loads or without a choice). */
export function useCurrentStation() {
  const lang = useLang();
  const stationId = useSession((s) => s.stationId);
  const stations = useStations(lang);
  const station = stationsOf(stations.data).find((s) => s.id === stationId) ?? null;
  return { stationId, station, isPending: stations.isPending };
}
