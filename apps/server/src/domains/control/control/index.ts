/** The control module's public face: what other modules may use. */

export { controlApi } from './control.module';
export { controlRoutes } from './control.routes';
export { ControlService } from './control.service';
