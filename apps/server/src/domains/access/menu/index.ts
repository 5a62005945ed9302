/** The menu module's public face: what other modules may use. */

export { menuApi } from './menu.module';
export { menuRoutes } from './menu.routes';
export { MenuService } from './menu.service';
export { menuAdminRoutes } from './menu-admin.routes';
export { MenuAdminService } from './menu-admin.service';
export { menuAdminApi } from './menu-api.module';
export { localName } from './menu-tree';
