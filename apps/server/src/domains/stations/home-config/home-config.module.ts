import type { ApiModule } from '../../../kernel/api-module';
import { homeConfigRoutes } from './home-config.routes';
import { HomeConfigService } from './home-config.service';

/** The home-config module's calls, wired from the platform's shared parts. */
export const homeConfigApi: ApiModule = ({ db }) => homeConfigRoutes(new HomeConfigService(db));
