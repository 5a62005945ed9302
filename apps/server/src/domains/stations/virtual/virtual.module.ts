import type { ApiModule } from '../../../kernel/api-module';
import { virtualRoutes } from './virtual.routes';
import { VirtualService } from './virtual.service';

/** The virtual module's calls, wired from the platform's shared parts. */
export const virtualApi: ApiModule = ({ db, bus }) => virtualRoutes(new VirtualService(db, bus));
