/** The station module's public face: what other modules may use. */

export { stationApi } from './station.module';
export type { StationRow } from './station.repository';
export { findStation, selectStations, stationCodeIn } from './station.repository';
export { stationRoutes } from './station.routes';
export { StationService } from './station.service';
export { stationAdminRoutes } from './station-admin.routes';
export { StationAdminService } from './station-admin.service';
export { stationAdminApi } from './station-api.module';
export { StationDirectory } from './station-directory';
