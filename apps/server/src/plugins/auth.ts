import { inputPart, normalizeLang, ResultCode } from '@ess/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { AuthService } from '../domains/access/auth';
import { anyStationRoleGrants, stationRoleGrants } from '../domains/access/station-role';
import { assertStationInScope } from '../kernel/station-scope.service';
import { AppError } from '../lib/app-error';

export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1] ?? null;
}

/** Every request gets its language (from the `lang` header) and an empty caller. */
export function registerRequestContext(app: FastifyInstance): void {
  app.decorateRequest('lang', 'zh_CN');
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req) => {
    const header = req.headers.lang;
    req.lang = normalizeLang(Array.isArray(header) ? header[0] : header);
  });
}

/**
 * Added to the API scope only (the web app's files and the OpenAPI pages are public): enforces
 * each route's access (its endpoint entry's `access`) — a session unless public, one of the
 * listed permissions, no writes from read-only accounts, no personal changes from the
 * shared demo account, and from a large-screen window only the calls a screen makes
 * (`access.screen`). Runs before the body is parsed, so anonymous callers cannot make the
 * server parse large bodies. A route without access rules needs a session: the safe default.
 * Once the input is validated, a station named by `access.station` must be in the caller's
 * scope (404 like a missing one) before the handler runs. For such calls only, a permission
 * the caller's global roles lack may come from their station role at that very station
 * (checked then; 403 otherwise); every other call is refused at once.
 */
export function registerSessionGuard(api: FastifyInstance, auth: AuthService, db: Db): void {
  // Calls naming a station whose permission the caller's global roles lack: their role at that
  // station may grant it, which can only be checked once the input is parsed.
  const byStationRole = new WeakMap<FastifyRequest, readonly string[]>();
  api.addHook('preHandler', async (req) => {
    const endpoint = req.routeOptions.config.endpoint;
    const access = endpoint?.access;
    if (!endpoint || !access || access.public || !access.station || !req.user) return;
    const part = inputPart(endpoint)?.part;
    const input = part === 'params' ? req.params : part === 'query' ? req.query : req.body;
    const id = input && typeof input === 'object' ? (input as Record<string, unknown>)[access.station] : undefined;
    if (typeof id === 'number') await assertStationInScope(db, req.user, id);
    const perms = byStationRole.get(req);
    if (perms && !(typeof id === 'number' && (await stationRoleGrants(db, req.user.userId, id, perms)))) {
      throw new AppError(403, ResultCode.FORBIDDEN, 'forbidden');
    }
  });
  api.addHook('onRequest', async (req) => {
    if (!req.routeOptions.url) return; // unknown route: the not-found handler answers
    const access = req.routeOptions.config.endpoint?.access ?? req.routeOptions.config.access;
    if (access?.public) return;
    const token = bearerToken(req);
    if (!token) throw new AppError(401, ResultCode.UNAUTHENTICATED, 'unauthenticated');
    const user = await auth.authenticate(token);
    req.user = user;
    if (access?.mutates && user.readOnly) throw new AppError(403, ResultCode.FORBIDDEN, 'readOnly');
    if (access?.refuseDemo && user.demo) throw new AppError(403, ResultCode.FORBIDDEN, 'demoAccount');
    if (user.screenOnly && !access?.screen) throw new AppError(403, ResultCode.FORBIDDEN, 'screenWindow');
    if (access?.perms && !user.isAdmin && !access.perms.some((p) => user.perms.has(p))) {
      if (!access.station || !(await anyStationRoleGrants(db, user.userId, access.perms))) {
        throw new AppError(403, ResultCode.FORBIDDEN, 'forbidden');
      }
      byStationRole.set(req, access.perms);
    }
  });
}

/** The signed-in caller of a route that is not public. */
export function callerOf(req: FastifyRequest) {
  if (!req.user) throw new AppError(401, ResultCode.UNAUTHENTICATED, 'unauthenticated');
  return req.user;
}
