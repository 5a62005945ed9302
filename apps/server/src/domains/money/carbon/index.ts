/** The carbon module's public face: what other modules may use. */

export { carbonApi } from './carbon.module';
export { carbonRoutes } from './carbon.routes';
export { CarbonService } from './carbon.service';
export { carbonEmpty, carbonFile } from './carbon-sheets';
