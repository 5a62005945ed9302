import { monitoringApi } from '@ess/contract';
import { useQueries } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/api/endpoint-query';
import { useLang } from '@/lib/i18n/use-lang';

const REFRESH_MS = 5 * 60_000;

/**
 * CO₂ avoided today (kg) by the PV of these stations, as each station's home page counts it (its
 * KPI call, which the server shares between callers): the sum of the stations that know it, null
 * when none does.
 */
export function useCarbonToday(stationIds: readonly number[]): number | null {
  const lang = useLang();
  const kpis = useQueries({
    queries: stationIds.map((stationId) => ({
      ...endpointQuery(monitoringApi.pcsStationData, { stationId }, lang, { silent: true }),
      refetchInterval: REFRESH_MS,
      staleTime: REFRESH_MS / 2,
    })),
  });
  let kg: number | null = null;
  for (const k of kpis) {
    const t = k.data?.carbonTodayT;
    if (t !== null && t !== undefined) kg = (kg ?? 0) + t * 1000;
  }
  return kg;
}
