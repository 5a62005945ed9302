import type { ApiModule } from '../../../kernel/api-module';
import { siteSyncRoutes } from './site-sync.routes';

/** The site-sync module's calls, wired from the platform's shared parts. */
export const siteSyncApi: ApiModule = ({ db, telemetry, commands }) => siteSyncRoutes({ db, telemetry, commands });
