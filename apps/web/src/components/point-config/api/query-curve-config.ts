import { curveConfigRow, type Lang, type PageConfigKey } from '@ess/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '@/lib/api/client';
import { pointConfigKeys } from './keys';

/** The curve rows configured for a page block (spec 7 `queryCurveConfig`). */
export const queryCurveConfig = (key: PageConfigKey) =>
  request('/business/dynamicConfig/queryCurveConfig', { body: key, schema: z.array(curveConfigRow) });

export const curveConfigQuery = (key: PageConfigKey, lang: Lang) =>
  queryOptions({
    queryKey: pointConfigKeys.curves(key, lang),
    queryFn: () => queryCurveConfig(key),
    staleTime: 60_000,
  });

export const useCurveConfig = (key: PageConfigKey | null, lang: Lang) =>
  useQuery({ ...curveConfigQuery(key ?? EMPTY_KEY, lang), enabled: key !== null });

/** Placeholder of a disabled query (never sent). */
export const EMPTY_KEY: PageConfigKey = { stationId: 0, pageLocation: '-', divLocation: '-', permissionId: null };
