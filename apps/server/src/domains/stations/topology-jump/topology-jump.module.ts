import type { ApiModule } from '../../../kernel/api-module';
import { topologyJumpRoutes } from './topology-jump.routes';
import { TopologyJumpService } from './topology-jump.service';

/** The topology-jump module's calls, wired from the platform's shared parts. */
export const topologyJumpApi: ApiModule = ({ db }) => topologyJumpRoutes(new TopologyJumpService(db));
