import type { ApiModule } from '../../../kernel/api-module';
import { orgRoutes } from './org.routes';
import { OrgService } from './org.service';

/** The org module's calls, wired from the platform's shared parts. */
export const orgApi: ApiModule = ({ db, auth }) => orgRoutes(new OrgService(db, (c) => auth.sessionsChanged(c)));
