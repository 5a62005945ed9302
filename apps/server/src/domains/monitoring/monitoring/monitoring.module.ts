import type { ApiModule } from '../../../kernel/api-module';
import { PointCurveService } from '../../stations/point';
import { EnergyService } from '../energy';
import { DeviceBlocksService } from './device-blocks.service';
import { IncomeService } from './income.service';
import { monitoringRoutes } from './monitoring.routes';
import { SUMMARY_SHARE_MS } from './shared-result';
import { SiteOverviewService } from './site-overview.service';
import { StationCurveService } from './station-curve.service';
import { StationKpiService } from './station-kpi.service';

/** The monitoring module's calls, wired from the platform's shared parts. */
export const monitoringApi: ApiModule = ({ db, telemetry }) => {
  const energy = new EnergyService(db);
  // Shared between callers on a running platform; without telemetry (tests, tools) computed per call.
  const shareMs = telemetry ? SUMMARY_SHARE_MS : 0;
  return monitoringRoutes({
    kpi: new StationKpiService(db, energy, shareMs),
    income: new IncomeService(db, energy),
    curves: new StationCurveService(db, new PointCurveService(db), shareMs),
    blocks: new DeviceBlocksService(db, energy, shareMs),
    sites: new SiteOverviewService(db, shareMs),
  });
};
