/** The energy-report module's public face: what other modules may use. */

export { energyReportApi } from './energy-report.module';
export { energyReportRoutes } from './energy-report.routes';
export { EnergyReportService } from './energy-report.service';
