/** The live module's public face: what other modules may use. */

export { liveApi } from './live.module';
export { liveRoutes } from './live.routes';
export { LiveHub } from './live-hub';
