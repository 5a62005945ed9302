import type { ApiModule } from '../../../kernel/api-module';
import { authRoutes } from './auth.routes';

/** The auth module's calls, wired from the platform's shared parts. */
export const authApi: ApiModule = ({ auth, env }) =>
  authRoutes(auth, env.LOGIN_RATE_PER_MINUTE, env.VISUAL_HOST ?? null);
