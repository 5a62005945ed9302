import type { ApiModule } from '../../../kernel/api-module';
import { AlarmEventService } from '../../alarms/alarm';
import { PointCurveService } from '../../stations/point';
import { EnergyService } from '../energy';
import { DeviceBlocksService, SiteOverviewService, SUMMARY_SHARE_MS } from '../monitoring';
import { dashboardRoutes } from './dashboard.routes';
import { DashboardService } from './dashboard.service';
import { FamilyService } from './family.service';

/** Dashboards and household views, reading their widgets through the monitoring, alarm and point modules' public faces. */
export const dashboardApi: ApiModule = ({ db, bus, telemetry }) => {
  const shareMs = telemetry ? SUMMARY_SHARE_MS : 0;
  const curves = new PointCurveService(db);
  const energy = new EnergyService(db);
  return dashboardRoutes(
    new DashboardService(db, {
      db,
      sites: new SiteOverviewService(db, shareMs),
      curves,
      blocks: new DeviceBlocksService(db, energy, shareMs),
      alarms: new AlarmEventService(db, bus, curves),
    }),
    new FamilyService(db, energy),
  );
};
