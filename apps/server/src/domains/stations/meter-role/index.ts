/** The meter-role module's public face: what other modules may use. */

export { meterRoleApi } from './meter-role.module';
export { meterRoleRoutes } from './meter-role.routes';
export { MeterRoleService } from './meter-role.service';
