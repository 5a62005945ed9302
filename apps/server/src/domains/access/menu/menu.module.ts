import type { ApiModule } from '../../../kernel/api-module';
import { menuRoutes } from './menu.routes';
import { MenuService } from './menu.service';

/** The menu module's calls, wired from the platform's shared parts. */
export const menuApi: ApiModule = ({ db }) => menuRoutes(new MenuService(db));
