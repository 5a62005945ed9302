import { type Lang, shellApi } from '@ess/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../api/endpoint-query';

export const dictsQuery = (lang: Lang) => ({ ...endpointQuery(shellApi.dictTypeAll, {}, lang), staleTime: 600_000 });

/** Dictionaries keyed by type (spec 3 "Session state"). */
export function useDicts(lang: Lang) {
  return useQuery({
    ...dictsQuery(lang),
    select: (list) => Object.fromEntries(list.map((d) => [d.type, d.list])),
  });
}
