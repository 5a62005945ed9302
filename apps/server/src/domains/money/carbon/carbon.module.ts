import type { ApiModule } from '../../../kernel/api-module';
import { EnergyService } from '../../monitoring/energy';
import { carbonRoutes } from './carbon.routes';
import { CarbonService } from './carbon.service';

/** The carbon module's calls, wired from the platform's shared parts. */
export const carbonApi: ApiModule = ({ db }) => carbonRoutes(new CarbonService(db, new EnergyService(db)));
