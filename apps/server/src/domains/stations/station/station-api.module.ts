import type { ApiModule } from '../../../kernel/api-module';
import { stationAdminRoutes } from './station-admin.routes';
import { StationAdminService } from './station-admin.service';

/** The station module's calls, wired from the platform's shared parts. */
export const stationAdminApi: ApiModule = ({ db, bus }) => stationAdminRoutes(new StationAdminService(db, bus));
