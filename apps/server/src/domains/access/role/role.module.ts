import type { ApiModule } from '../../../kernel/api-module';
import { roleRoutes } from './role.routes';
import { RoleService } from './role.service';

/** The role module's calls, wired from the platform's shared parts. */
export const roleApi: ApiModule = ({ db, auth }) => roleRoutes(new RoleService(db, (c) => auth.sessionsChanged(c)));
