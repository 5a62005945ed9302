import type { Lang, UserInfo } from '@ess/contract';

/** The signed-in caller, attached to the request by the auth plugin. */
export type SessionUser = {
  userId: number;
  username: string;
  deptId: number | null;
  roles: string[];
  /** Permission strings (menu/button perms) the user holds. */
  perms: Set<string>;
  isAdmin: boolean;
  readOnly: boolean;
  groupWide: boolean;
  /** The shared built-in demo account (large screens). */
  demo: boolean;
  /** How the session was opened: form login or a large-screen entry. */
  sessionKind: UserInfo['sessionKind'];
  sessionId: number;
  /** Station codes this caller is limited to on top of the usual scope (the large-screen account's SCREEN_STATIONS); null: no such limit. */
  stationCodes: readonly string[] | null;
};

/** Per-route access rules, read by the auth plugin. */
export type RouteAccess = {
  /** Reachable without a session. */
  public?: boolean;
  /** The caller needs at least one of these permissions (admin passes). */
  perms?: string[];
  /** The call changes data: refused for read-only accounts. */
  mutates?: boolean;
  /** Refused for the shared demo account, whose password and settings belong to every viewer. */
  refuseDemo?: boolean;
};

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}
