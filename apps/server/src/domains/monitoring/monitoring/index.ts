/** The monitoring module's public face: what other modules may use. */
export { DeviceBlocksService } from './device-blocks.service';
export { IncomeService } from './income.service';
export { monitoringApi } from './monitoring.module';
export { monitoringRoutes } from './monitoring.routes';
export { SharedResult, SUMMARY_SHARE_MS } from './shared-result';
export { SiteOverviewService } from './site-overview.service';
export { StationCurveService } from './station-curve.service';
export { StationKpiService } from './station-kpi.service';
export type { TotalsDevice } from './station-totals';
export { emptySummary, findTotalsDevice, readSummary, withValues } from './station-totals';
