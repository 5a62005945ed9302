import { monitoringApi } from '@ess/contract';
import { useEndpoint } from '@/lib/api/endpoint-query';

/** The overview refreshes itself this often: it spans every station, so it polls instead of following one socket. */
const SITE_OVERVIEW_REFRESH_MS = 30_000;

export const useSiteOverview = () =>
  useEndpoint(
    monitoringApi.siteOverview,
    {},
    {
      refetchInterval: SITE_OVERVIEW_REFRESH_MS,
      staleTime: SITE_OVERVIEW_REFRESH_MS / 2,
    },
  );
