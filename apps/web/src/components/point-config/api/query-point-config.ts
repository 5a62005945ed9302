import { type Lang, type PageConfigKey, pointConfigRow } from '@ess/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '@/lib/api/client';
import { pointConfigKeys } from './keys';
import { EMPTY_KEY } from './query-curve-config';

/** The point rows configured for a page block (spec 7 `dynamicConfig/pointList`). */
export const queryPointConfig = (key: PageConfigKey) =>
  request('/business/dynamicConfig/pointList', { body: key, schema: z.array(pointConfigRow) });

export const pointConfigQuery = (key: PageConfigKey, lang: Lang) =>
  queryOptions({
    queryKey: pointConfigKeys.points(key, lang),
    queryFn: () => queryPointConfig(key),
    staleTime: 60_000,
  });

export const usePointConfig = (key: PageConfigKey | null, lang: Lang) =>
  useQuery({ ...pointConfigQuery(key ?? EMPTY_KEY, lang), enabled: key !== null });
