import type { StationNode } from '@ess/contract';
import { useLang } from '@/lib/i18n/use-lang';
import { stationsOf, useStations } from '@/lib/session/api/get-stations';
import { useSession } from '@/lib/session/session-store';

/** The station chosen in the shell (id and, once the station list is loaded, its node). */
export function useCurrentStation(): { stationId: number | null; station: StationNode | null } {
  const lang = useLang();
  const stationId = useSession((s) => s.stationId);
  const { data } = useStations(lang);
  return { stationId, station: stationsOf(data).find((s) => s.id === stationId) ?? null };
}
