import { ResultCode } from '@ess/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/messages';
import { AppError } from '../lib/app-error';
import { registerRequestContext } from './auth';
import { registerErrorHandling } from './errors';

/** A bare app with the platform's error handling and one route throwing `err`. */
async function throwing(err: Error) {
  const app = Fastify();
  registerRequestContext(app);
  registerErrorHandling(app);
  app.get('/x', async () => {
    throw err;
  });
  await app.ready();
  return app;
}

describe('error handling', () => {
  it("answers an AppError a driver's error wraps (the embedded database busy) with its own envelope", async () => {
    const busy = new AppError(503, ResultCode.DATABASE_BUSY, 'databaseBusy', undefined, null, { 'retry-after': '1' });
    // As Drizzle wraps what the client throws.
    const app = await throwing(new Error('Failed query: select 1', { cause: busy }));
    const res = await app.inject({ method: 'GET', url: '/x', headers: { lang: 'en_US' } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({ code: ResultCode.DATABASE_BUSY, msg: translate('en_US', 'databaseBusy'), data: null });
    await app.close();
  });

  it('answers any other failure with the 500 envelope and no detail', async () => {
    const app = await throwing(new Error('secret detail', { cause: new Error('inner') }));
    const res = await app.inject({ method: 'GET', url: '/x', headers: { lang: 'en_US' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: ResultCode.SERVER_ERROR, msg: translate('en_US', 'serverError'), data: null });
    expect(res.body).not.toContain('secret');
    await app.close();
  });
});
