import { filesApi } from '@ess/contract';
import { useQuery } from '@tanstack/react-query';
import { fetchFile } from '@/lib/api/client';
import { endpointKeyPrefix } from '@/lib/api/endpoint-query';

/**
 * A stored file as an object URL for <img> (null while loading or when it cannot be read).
 * Downloads need the session's bearer token, which an <img src> cannot send; stored files
 * never change, so each is fetched once and kept for the session.
 */
export function useFileUrl(id: string | null): string | null {
  const query = useQuery({
    queryKey: [...endpointKeyPrefix(filesApi.fileDownload), id],
    queryFn: async () =>
      URL.createObjectURL(await fetchFile(filesApi.fileDownload, { id: id ?? '' }, { silent: true })),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return query.data ?? null;
}
