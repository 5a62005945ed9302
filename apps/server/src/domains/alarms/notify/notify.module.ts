import type { ApiModule } from '../../../kernel/api-module';
import { notifyModule } from './notify.wiring';

/** The notify module's calls, wired from the platform's shared parts. */
export const notifyApi: ApiModule = ({ db, env, bus }) => notifyModule({ db, env, bus });
