import { type Endpoint, monitoringApi, rateApi, reportApi, statementApi } from '@ess/contract';
import { useEndpointMutation } from '@/components/crud';

/**
 * What a rate write changes: the rate lists, and every answer that holds revenue, so the home
 * page's today's revenue, the overview of sites, the earnings screens and the station report
 * follow a price change as soon as they are shown again (the server computes them on each read).
 */
export const RATE_WRITE_INVALIDATES: readonly Endpoint[] = [
  rateApi.ratePage,
  rateApi.rateDetail,
  rateApi.rateStationTemplates,
  monitoringApi.pcsStationData,
  monitoringApi.incomeData,
  monitoringApi.siteOverview,
  reportApi.stationReport,
  statementApi.statement,
];

/** Enables or disables a template (the list's switch). */
export const useRateEnable = () => useEndpointMutation(rateApi.rateEnable, { invalidate: RATE_WRITE_INVALIDATES });
