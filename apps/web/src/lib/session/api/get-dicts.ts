import { dictType, type Lang } from '@ess/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '../../api/client';
import { sessionKeys } from '../keys';

export const getDicts = () => request('/sys/dict/typeAll', { body: {}, schema: z.array(dictType) });

export const dictsQuery = (lang: Lang) =>
  queryOptions({ queryKey: sessionKeys.dicts(lang), queryFn: getDicts, staleTime: 600_000 });

/** Dictionaries keyed by type (spec 3 "Session state"). */
export function useDicts(lang: Lang) {
  return useQuery({
    ...dictsQuery(lang),
    select: (list) => Object.fromEntries(list.map((d) => [d.type, d.list])),
  });
}
