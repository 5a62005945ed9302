import { ResultCode } from '@ess/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestContext } from '../../../test/harness';

/**
 * Issue 20 finding 6: a link to the visualisation host opens signed in with a one-time code
 * (a large-screen window's), never the session's token; no other link gets a code.
 */
const VISUAL = 'https://visual.example:8443';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', SIMULATOR: 'off', VISUAL_HOST: `${VISUAL}/` });
});
afterAll(() => ctx?.close());

const codeFor = (token: string, url: string) =>
  call(ctx.app, token, 'POST', '/api/sys/token/visualCode', { url }, 'en_US');

describe('one-time codes for the visualisation host', () => {
  it('tells the frame the visualisation host', async () => {
    const res = await call(ctx.app, await login(ctx.app, 'operator'), 'GET', '/api/sys/platform/info');
    expect(res.json().data.visualOrigin).toBe(VISUAL);
  });

  it('gives a code for a link to the host, good for one read-only screen window within a minute', async () => {
    const operator = await login(ctx.app, 'operator');
    const res = await codeFor(operator, `${VISUAL}/#/screen?station=1`);
    expect(res.json().code).toBe(200);
    const { code, expiresAt } = res.json().data as { code: string; expiresAt: number };
    expect(code).not.toBe(operator);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 60_000);

    const exchange = () => call(ctx.app, null, 'POST', '/api/sys/token/loginToCloud', { bigToken: code, type: 'pc' });
    const window = await exchange();
    expect(window.json().code).toBe(200);
    const info = await call(ctx.app, window.json().data.accessToken, 'GET', '/api/sys/user/get');
    expect(info.json().data).toMatchObject({ username: 'operator', readOnly: true, screenOnly: true });
    expect((await exchange()).statusCode).toBe(401);
  });

  it('gives none for any other link, nor to a screen window', async () => {
    const operator = await login(ctx.app, 'operator');
    for (const url of [
      'https://partner.example/report',
      'http://visual.example:8443/',
      'https://visual.example:8443.evil.example/',
      'https://visual.example:8443@evil.example/',
      'https:\\\\visual.example:8443/',
      '/\\visual.example:8443/',
      '/surveillance/site-homepage',
    ]) {
      const res = await codeFor(operator, url);
      expect([url, res.statusCode, res.json().code, res.json().msg]).toEqual([
        url,
        400,
        ResultCode.BAD_REQUEST,
        'Only links to the visualisation host get a sign-in code',
      ]);
    }
    const window = await call(ctx.app, null, 'POST', '/api/sys/token/loginToCloud', {
      bigToken: (await codeFor(operator, `${VISUAL}/`)).json().data.code,
      type: 'pc',
    });
    const chained = await codeFor(window.json().data.accessToken, `${VISUAL}/`);
    expect(chained.statusCode).toBe(403);
  });
});
