/** The dynamic-config module's public face: what other modules may use. */

export { dynamicConfigApi } from './dynamic-config.module';
export { dynamicConfigRoutes } from './dynamic-config.routes';
export { DynamicConfigService } from './dynamic-config.service';
