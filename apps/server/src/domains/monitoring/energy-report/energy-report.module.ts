import type { ApiModule } from '../../../kernel/api-module';
import { EnergyService } from '../energy';
import { IncomeService } from '../monitoring';
import { energyReportRoutes } from './energy-report.routes';
import { EnergyReportService } from './energy-report.service';

/** The energy-report module's calls, wired from the platform's shared parts. */
export const energyReportApi: ApiModule = ({ db }) =>
  energyReportRoutes(new EnergyReportService(db, new IncomeService(db, new EnergyService(db))));
