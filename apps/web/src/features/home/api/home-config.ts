import { type HomeConfigBody, homeConfigApi } from '@ess/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/client';
import { endpointKey, useEndpoint } from '@/lib/api/endpoint-query';
import { useLang } from '@/lib/i18n/use-lang';

/** The caller's blocks of the home page for a station (path id = station id), or the defaults. */
export const useHomeConfig = (stationId: number) =>
  useEndpoint(homeConfigApi.homeConfig, { id: stationId }, { staleTime: 300_000, call: { silent: true } });

export function useSaveHomeConfig() {
  const qc = useQueryClient();
  const lang = useLang();
  return useMutation({
    mutationFn: (body: HomeConfigBody) => call(homeConfigApi.homeConfigSave, body),
    onSuccess: (saved) => qc.setQueryData(endpointKey(homeConfigApi.homeConfig, { id: saved.stationId }, lang), saved),
  });
}
