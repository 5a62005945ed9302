import type { ApiModule } from '../../../kernel/api-module';
import { dynamicConfigRoutes } from './dynamic-config.routes';
import { DynamicConfigService } from './dynamic-config.service';

/** The dynamic-config module's calls, wired from the platform's shared parts. */
export const dynamicConfigApi: ApiModule = ({ db }) => dynamicConfigRoutes(new DynamicConfigService(db));
