import type { ApiModule } from '../../../kernel/api-module';
import { messageRoutes } from './message.routes';

/** The message module's calls, wired from the platform's shared parts. */
export const messageApi: ApiModule = ({ db, bus }) => messageRoutes(db, bus);
