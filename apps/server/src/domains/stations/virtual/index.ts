/** The virtual module's public face: what other modules may use. */

export { virtualApi } from './virtual.module';
export { virtualRoutes } from './virtual.routes';
export { VirtualService } from './virtual.service';
