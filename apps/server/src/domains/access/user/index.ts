/** The user module's public face: what other modules may use. */

export { userApi } from './user.module';
export {
  findUserById,
  findUserByUsername,
  isPasswordHashShared,
  permsOf,
  roleCodesOf,
  updatePasswordHash,
  userNames,
} from './user.repository';
export { userRoutes } from './user.routes';
export { UserService } from './user.service';
export { userAdminRoutes } from './user-admin.routes';
export type { SessionsChanged } from './user-admin.service';
export { UserAdminService } from './user-admin.service';
export { userAdminApi } from './user-api.module';
