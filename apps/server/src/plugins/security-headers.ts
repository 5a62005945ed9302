import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** helmet's policy: inline styles allowed, scripts only from self (the Swagger page included). */
export function securityHeaderOptions(tls: boolean) {
  return {
    // Over plain HTTP (the default deployment) an upgrade would send every asset to https://,
    // and browsers refuse COOP from an untrustworthy origin with a console error.
    hsts: tls,
    crossOriginOpenerPolicy: tls,
    contentSecurityPolicy: {
      directives: {
        upgradeInsecureRequests: tls ? [] : null,
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
      },
    },
  } satisfies HelmetOptions;
}

/**
 * helmet's security headers on every response, the middleware built once: @fastify/helmet 13
 * builds helmet() again on every request, parsing the CSP directives each time — a fixed cost
 * on every API call (issue 16). The headers are the same as that plugin's.
 */
export function registerSecurityHeaders(app: FastifyInstance, tls: boolean): void {
  const apply = helmet(securityHeaderOptions(tls));
  app.addHook('onRequest', (req, reply, done) => apply(req.raw, reply.raw, () => done()));
}
