import type { ApiModule } from '../../../kernel/api-module';
import { liveRoutes } from './live.routes';
import { LiveHub } from './live-hub';

/** The live module's calls, wired from the platform's shared parts. */
export const liveApi: ApiModule = ({ db, auth, bus }) => liveRoutes({ db, auth, bus, hub: new LiveHub(db, bus) });
