import type { ApiModule } from '../../../kernel/api-module';
import { userRoutes } from './user.routes';
import { UserService } from './user.service';

/** The user module's calls, wired from the platform's shared parts. */
export const userApi: ApiModule = ({ db }) => userRoutes(new UserService(db));
