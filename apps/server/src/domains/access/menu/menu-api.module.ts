import type { ApiModule } from '../../../kernel/api-module';
import { menuAdminRoutes } from './menu-admin.routes';
import { MenuAdminService } from './menu-admin.service';

/** The menu module's calls, wired from the platform's shared parts. */
export const menuAdminApi: ApiModule = ({ db, auth }) =>
  menuAdminRoutes(new MenuAdminService(db, (c) => auth.sessionsChanged(c)));
