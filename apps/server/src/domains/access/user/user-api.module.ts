import type { ApiModule } from '../../../kernel/api-module';
import { userAdminRoutes } from './user-admin.routes';
import { UserAdminService } from './user-admin.service';

/** The user module's calls, wired from the platform's shared parts. */
export const userAdminApi: ApiModule = ({ db, auth }) =>
  userAdminRoutes(
    new UserAdminService(
      db,
      (sealed) => auth.openSecret(sealed),
      (c) => auth.sessionsChanged(c),
    ),
  );
