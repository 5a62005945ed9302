import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { authRoutes } from './auth/auth.routes';
import type { AuthService } from './auth/auth.service';

/** What every API module receives. */
export type ModuleDeps = { env: Env; db: Db; auth: AuthService };
export type ApiModule = (deps: ModuleDeps) => FastifyPluginAsyncZod;

/** Every API module, mounted under /api in this order. */
export const apiModules: ApiModule[] = [({ auth, env }) => authRoutes(auth, env.LOGIN_RATE_PER_MINUTE)];
