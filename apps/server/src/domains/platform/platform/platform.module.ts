import type { ApiModule } from '../../../kernel/api-module';
import { platformRoutes } from './platform.routes';

/** The platform module's calls, wired from the platform's shared parts. */
export const platformApi: ApiModule = ({ db, env, platform }) => platformRoutes(db, platform, env.VISUAL_HOST ?? null);
