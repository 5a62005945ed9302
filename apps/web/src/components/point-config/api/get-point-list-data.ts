import { type Lang, type PageConfigKey, pointConfigData } from '@ess/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '@/lib/api/client';
import { pointConfigKeys } from './keys';
import { EMPTY_KEY } from './query-curve-config';

/** The configured points of a page block with their newest values (spec 7 `pointListData`). */
export const getPointListData = (key: PageConfigKey) =>
  request('/business/dynamicConfig/pointListData', { body: key, schema: z.array(pointConfigData) });

export const pointListDataQuery = (key: PageConfigKey, lang: Lang) =>
  queryOptions({ queryKey: pointConfigKeys.pointData(key, lang), queryFn: () => getPointListData(key) });

/** `refetchMs` re-reads the values when no live socket feeds them. */
export const usePointListData = (key: PageConfigKey | null, lang: Lang, refetchMs: number | false = false) =>
  useQuery({ ...pointListDataQuery(key ?? EMPTY_KEY, lang), enabled: key !== null, refetchInterval: refetchMs });
