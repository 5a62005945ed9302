import { CLIENT_ERROR_LIMITS, type ClientErrorReport, logApi } from '@ess/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { installClientErrorReporting } from './install-client-error-reporting';
import { reportClientError, resetClientErrorReporting } from './report-client-error';

let reports: ClientErrorReport[];
beforeEach(() => {
  resetClientErrorReporting();
  reports = [];
  apiServer.use(
    answer(logApi.clientErrorAdd, (r) => {
      reports.push(r);
      return null;
    }),
  );
});

describe('client error reporting', () => {
  it('sends the kind, message, stack with the component stack, page and build', async () => {
    window.history.pushState({}, '', '/surveillance/site-homepage?x=1');
    reportClientError('render', new TypeError('option.series is undefined'), '\n    at PowerCurveBlock');
    await vi.waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0]).toMatchObject({
      kind: 'render',
      message: 'option.series is undefined',
      url: '/surveillance/site-homepage?x=1',
      release: __APP_VERSION__,
    });
    expect(reports[0]?.stack).toContain('TypeError: option.series is undefined');
    expect(reports[0]?.stack).toContain('at PowerCurveBlock');
  });

  it('drops repeats and floods: one report per error a minute, ten a minute in all', async () => {
    for (let i = 0; i < 5; i++) reportClientError('error', new Error('same again'));
    for (let i = 0; i < 20; i++) reportClientError('error', new Error(`distinct ${i}`));
    await vi.waitFor(() => expect(reports).toHaveLength(10));
    await new Promise((r) => setTimeout(r, 50));
    expect(reports).toHaveLength(10);
    expect(reports.filter((r) => r.message === 'same again')).toHaveLength(1);
  });

  it('cuts what is too long to the call limits, and reports what is not an Error', async () => {
    reportClientError('unhandledRejection', 'x'.repeat(CLIENT_ERROR_LIMITS.message + 500));
    reportClientError('unhandledRejection', { code: 7 });
    await vi.waitFor(() => expect(reports).toHaveLength(2));
    expect(reports[0]?.message).toHaveLength(CLIENT_ERROR_LIMITS.message);
    expect(reports[1]?.message).toBe('{"code":7}');
  });

  it('never throws, even when the server refuses the report', async () => {
    apiServer.use(answer(logApi.clientErrorAdd, { fail: { status: 429, code: 429, msg: 'too many' } }));
    expect(() => reportClientError('error', new Error('while refused'))).not.toThrow();
    await new Promise((r) => setTimeout(r, 50));
  });

  it("reports the window's uncaught errors and unhandled rejections", async () => {
    installClientErrorReporting();
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('uncaught in a handler'), message: 'x' }));
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
    rejection.reason = new Error('nobody caught me');
    window.dispatchEvent(rejection);
    await vi.waitFor(() => expect(reports.map((r) => [r.kind, r.message])).toHaveLength(2));
    expect(reports.map((r) => [r.kind, r.message])).toEqual([
      ['error', 'uncaught in a handler'],
      ['unhandledRejection', 'nobody caught me'],
    ]);
  });
});
