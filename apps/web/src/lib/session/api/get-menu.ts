import { type Lang, shellApi } from '@ess/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../api/endpoint-query';
import { QUIET } from '../../api/quiet';

/** The server builds the menu for this user, station and language (spec 1, 6). `quiet` for a prefetch. */
export const menuQuery = (stationId: number | null, lang: Lang, quiet = false) => ({
  ...endpointQuery(shellApi.exclusiveMenu, { stationId }, lang, quiet ? QUIET : {}),
  staleTime: 300_000,
});

export const useMenu = (stationId: number | null, lang: Lang) => useQuery(menuQuery(stationId, lang));
