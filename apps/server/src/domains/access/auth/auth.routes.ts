import { isVisualLink, ResultCode, sessionApi } from '@ess/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error';
import { route } from '../../../lib/endpoint-route';
import { bearerToken } from '../../../plugins/auth';
import type { AuthService } from './auth.service';

/**
 * Aborts when the client goes before its answer is written (closed tab, client timeout), so a
 * password check still waiting for its turn is dropped instead of hashed for nobody.
 */
function requestGone(reply: FastifyReply): AbortSignal {
  const ctl = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) ctl.abort();
  });
  return ctl.signal;
}

/** `visualOrigin`: the visualisation host (VISUAL_HOST), the one address links get a sign-in code for. */
export const authRoutes =
  (auth: AuthService, loginRatePerMinute: number, visualOrigin: string | null): FastifyPluginAsyncZod =>
  async (app) => {
    const limited = { rateLimit: { max: loginRatePerMinute, timeWindow: '1 minute' } };
    const api = sessionApi;

    route(app, api.publicKey, () => auth.publicKey());
    route(
      app,
      api.login,
      ({ username, password, aesKey, iv }, { ip, reply }) =>
        auth.login({ username, cipher: password, aesKey, iv }, { ip, signal: requestGone(reply) }),
      limited,
    );
    route(app, api.screenLogin, ({ from }, { ip }) => auth.screenLogin(from, { ip }), limited);
    route(app, api.loginToCloud, ({ bigToken }, { ip }) => auth.loginWithBigToken(bigToken, { ip }), limited);
    route(app, api.applyLargeScreenToken, (_, { user, ip }) => auth.applyBigScreenToken(user, { ip }));
    route(app, api.applyCommonLargeScreenToken, (_, { user, ip }) => auth.applyBigScreenToken(user, { ip }));
    // The host signs in with the code at loginToCloud: a read-only screen window, never this session.
    route(app, api.visualCode, async ({ url }, { user, ip }) => {
      if (!isVisualLink(url, visualOrigin)) throw new AppError(400, ResultCode.BAD_REQUEST, 'visualLinkOnly');
      const { token, expiresAt } = await auth.applyBigScreenToken(user, { ip });
      return { code: token, expiresAt };
    });
    route(app, api.checkPlatToken, (_, { req }) => auth.isValid(bearerToken(req)));
    route(app, api.logout, async (_, { user, ip }) => {
      await auth.logout(user, { ip });
      return null;
    });
    route(app, api.changePassword, async ({ oldPwd, newPwd }, { user, ip, reply }) => {
      await auth.changePassword(user, oldPwd, newPwd, { ip, signal: requestGone(reply) });
      return null;
    });
  };
