import type { ApiModule } from '../../../kernel/api-module';
import { EnergyService } from '../energy';
import { reportRoutes } from './report.routes';
import { ReportService } from './report.service';

/** The report module's calls, wired from the platform's shared parts. */
export const reportApi: ApiModule = ({ db }) => reportRoutes(new ReportService(db, new EnergyService(db)));
