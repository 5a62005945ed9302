import type { ApiModule } from '../../../kernel/api-module';
import { stationRoleRoutes } from './station-role.routes';
import { StationRoleService } from './station-role.service';

/** The station-role module's calls, wired from the platform's shared parts. */
export const stationRoleApi: ApiModule = ({ db, auth }) =>
  stationRoleRoutes(new StationRoleService(db, (c) => auth.sessionsChanged(c)));
