import type { ApiModule } from '../../../kernel/api-module';
import { meterRoleRoutes } from './meter-role.routes';
import { MeterRoleService } from './meter-role.service';

/** The meter-role module's calls, wired from the platform's shared parts. */
export const meterRoleApi: ApiModule = ({ db, bus }) => meterRoleRoutes(new MeterRoleService(db, bus));
