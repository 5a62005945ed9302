/** The offset module's public face: what other modules may use. */

export { offsetApi } from './offset.module';
export { stationOffsets } from './offset.repository';
export { offsetRoutes } from './offset.routes';
export { OffsetService } from './offset.service';
