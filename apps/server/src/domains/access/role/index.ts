/** The role module's public face: what other modules may use. */

export { roleApi } from './role.module';
export { roleChoices } from './role.repository';
export { roleRoutes } from './role.routes';
export { RoleService } from './role.service';
