/** The site-sync module's public face: what other modules may use. */

export { siteSyncApi } from './site-sync.module';
export { siteSyncRoutes } from './site-sync.routes';
