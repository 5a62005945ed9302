/** The topology-jump module's public face: what other modules may use. */

export { topologyJumpApi } from './topology-jump.module';
export { topologyJumpRoutes } from './topology-jump.routes';
export { TopologyJumpService } from './topology-jump.service';
