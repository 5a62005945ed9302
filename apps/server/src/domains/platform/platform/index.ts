/** The platform module's public face: what other modules may use. */

export { platformApi } from './platform.module';
export { platformRoutes } from './platform.routes';
export { PlatformState } from './platform-state';
