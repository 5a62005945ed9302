import type { ApiModule } from '../../../kernel/api-module';
import { logsRoutes } from './logs.routes';
import { LogsService } from './logs.service';

/** The logs module's calls, wired from the platform's shared parts. */
export const logsApi: ApiModule = ({ db, auth }) => logsRoutes(new LogsService(db), auth);
