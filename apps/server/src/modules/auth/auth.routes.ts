import {
  bigTokenLoginBody,
  changePasswordBody,
  checkPlatTokenResult,
  loginBody,
  loginResult,
  publicKeyResult,
  SCREEN_FROM_VALUES,
  screenTokenResult,
} from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, replies } from '../../lib/reply';
import { bearerToken, callerOf } from '../../plugins/auth';
import type { AuthService } from './auth.service';

const tags = ['session'];

export const authRoutes =
  (auth: AuthService, loginRatePerMinute: number): FastifyPluginAsyncZod =>
  async (app) => {
    const loginLimit = { max: loginRatePerMinute, timeWindow: '1 minute' };

    app.get(
      '/sys/user/publicKey',
      {
        config: { access: { public: true } },
        schema: {
          tags,
          summary: 'The current RSA-2048 public key (SPKI PEM) for sealing secrets, and how long it is current',
          response: replies(publicKeyResult),
        },
      },
      async (req) => ok(req.lang, await auth.publicKey()),
    );

    app.post(
      '/sys/user/login',
      {
        config: { access: { public: true }, rateLimit: loginLimit },
        schema: { tags, summary: 'Sign in with a sealed password', body: loginBody, response: replies(loginResult) },
      },
      async (req) => {
        const { username, password, aesKey, iv } = req.body;
        return ok(req.lang, await auth.login({ username, cipher: password, aesKey, iv }, { ip: req.ip }));
      },
    );

    app.post(
      '/sys/token/screenLogin',
      {
        config: { access: { public: true }, rateLimit: loginLimit },
        schema: {
          tags,
          summary: 'Sign in with the built-in read-only large-screen account',
          body: z.object({ from: z.enum(SCREEN_FROM_VALUES) }),
          response: replies(loginResult),
        },
      },
      async (req) => ok(req.lang, await auth.screenLogin(req.body.from, { ip: req.ip })),
    );

    app.post(
      '/sys/token/loginToCloud',
      {
        config: { access: { public: true }, rateLimit: loginLimit },
        schema: {
          tags,
          summary: 'Exchange a one-time large-screen token for a session',
          body: bigTokenLoginBody,
          response: replies(loginResult),
        },
      },
      async (req) => ok(req.lang, await auth.loginWithBigToken(req.body.bigToken, { ip: req.ip })),
    );

    for (const path of ['/sys/token/applyLargeScreenToken', '/sys/token/applyCommonLargeScreenToken']) {
      app.post(
        path,
        { schema: { tags, summary: 'One-time token for a large-screen window', response: replies(screenTokenResult) } },
        async (req) => ok(req.lang, await auth.applyBigScreenToken(callerOf(req), { ip: req.ip })),
      );
    }

    app.get(
      '/sys/token/checkPlatToken',
      {
        config: { access: { public: true } },
        schema: {
          tags,
          summary: 'Whether the bearer token names a live session',
          response: replies(checkPlatTokenResult),
        },
      },
      async (req) => ok(req.lang, await auth.isValid(bearerToken(req))),
    );

    app.get(
      '/sys/user/logout',
      { schema: { tags, summary: 'Revoke the current token', response: replies(z.null()) } },
      async (req) => {
        await auth.logout(callerOf(req), { ip: req.ip });
        return ok(req.lang, null);
      },
    );

    app.put(
      '/sys/user/pwd',
      {
        // Every signed-in user owns their password, read-only managers included; only the
        // shared demo account may not change it.
        config: { access: { refuseDemo: true } },
        schema: {
          tags,
          summary: 'Change own password (sealed old and new)',
          body: changePasswordBody,
          response: replies(z.null()),
        },
      },
      async (req) => {
        await auth.changePassword(callerOf(req), req.body.oldPwd, req.body.newPwd, { ip: req.ip });
        return ok(req.lang, null);
      },
    );
  };
