/** The station-role module's public face: what other modules may use. */

export { stationRoleApi } from './station-role.module';
export { stationRoleRoutes } from './station-role.routes';
export { StationRoleService } from './station-role.service';
export { anyStationRoleGrants, stationRoleCodeAt, stationRoleGrants } from './station-role-grants';
