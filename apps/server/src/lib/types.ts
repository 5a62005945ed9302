import type { Access, Endpoint, Lang, UserInfo } from '@ess/contract';

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
  /**
   * A large-screen window opened with a one-time token: only the calls a screen makes
   * (`access.screen`), never a write; absent means false.
   */
  screenOnly?: boolean;
  sessionId: number;
  /** Station codes this caller is limited to on top of the usual scope (the large-screen account's SCREEN_STATIONS); null: no such limit. */
  stationCodes: readonly string[] | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** The route's entry of the contract's endpoint table: its access rules among the rest. */
    endpoint?: Endpoint;
    /** Access rules of a route outside the table (the live socket). */
    access?: Access;
  }
}
