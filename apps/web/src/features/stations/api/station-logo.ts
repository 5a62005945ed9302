import { stationAdminApi } from '@ess/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchFile } from '@/lib/api/client';
import { endpointKeyPrefix } from '@/lib/api/endpoint-query';

/**
 * A station's stored logo as an object URL for <img> (null while loading, without a logo, or
 * when `id` is null). Cached under the getLogo entry, so saving a logo refreshes it.
 */
export function useStationLogo(id: number | null, hasLogo: boolean): string | null {
  const query = useQuery({
    queryKey: [...endpointKeyPrefix(stationAdminApi.stationGetLogo), id],
    queryFn: async () =>
      URL.createObjectURL(await fetchFile(stationAdminApi.stationGetLogo, { id: id ?? 0 }, { silent: true })),
    enabled: id !== null && hasLogo,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const url = query.data ?? null;
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return id !== null && hasLogo ? url : null;
}
