import type { ApiModule } from '../../../kernel/api-module';
import { processRoutes } from './process.routes';

/** The process module's calls (definitions, templates), wired from the platform's shared parts. */
export const processApi: ApiModule = ({ db }) => processRoutes(db);
