/** The home-config module's public face: what other modules may use. */

export { homeConfigApi } from './home-config.module';
export { homeConfigRoutes } from './home-config.routes';
export { HomeConfigService } from './home-config.service';
