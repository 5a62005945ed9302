import { siteOverviewRow } from '@ess/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '@/lib/api/client';
import { siteOverviewKeys } from './keys';

/** The overview refreshes itself this often: it spans every station, so it polls instead of following one socket. */
export const SITE_OVERVIEW_REFRESH_MS = 30_000;

export const getSiteOverview = () =>
  request('/business/openStation/siteOverview', { body: {}, schema: z.array(siteOverviewRow) });

export const siteOverviewQuery = () =>
  queryOptions({
    queryKey: siteOverviewKeys.rows(),
    queryFn: getSiteOverview,
    refetchInterval: SITE_OVERVIEW_REFRESH_MS,
    staleTime: SITE_OVERVIEW_REFRESH_MS / 2,
  });

export const useSiteOverview = () => useQuery(siteOverviewQuery());
