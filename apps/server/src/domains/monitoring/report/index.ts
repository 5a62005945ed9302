/** The report module's public face: what other modules may use. */

export { reportApi } from './report.module';
export { reportRoutes } from './report.routes';
export { ReportService } from './report.service';
