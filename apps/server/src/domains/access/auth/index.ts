/** The auth module's public face: what other modules may use. */

export { actingUser } from './acting-user';
export { authApi } from './auth.module';
export { authRoutes } from './auth.routes';
export type { AuthService, Caller } from './auth.service';
export { createAuthService } from './create-auth';
export type { Clock } from './login-keys';
export type { Sealed } from './secret-cipher.service';
export { revokeUserSessions } from './session.repository';
