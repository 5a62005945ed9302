import { describe, expect, it } from 'vitest';
import { LAN_HOST, newSession, screenshot } from '../support/browser';
import { signIn, waitForPath } from '../support/journey';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from '../support/platform';
import { journeySuite } from '../support/suite';

const suite = journeySuite();

describe('signing in', () => {
  it('sends / to the login page and a signed-out visit to login with a redirect', async () => {
    const { page, consoleErrors } = await newSession(suite.browser, suite.platform.url);
    await page.goto('/');
    await waitForPath(page, '/login');
    await page.goto('/alarm/history?page=2');
    await waitForPath(page, '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/alarm/history?page=2');
    expect(consoleErrors).toEqual([]);
  });

  it('refuses a wrong password with the server message, then signs in through the form and lands home', async () => {
    const { page, consoleErrors } = await newSession(suite.browser, suite.platform.url);
    await page.goto('/login');
    await signIn(page, 'operator', 'wrong-password');
    await page.getByTestId('login-error').waitFor();
    expect(await page.getByTestId('login-error').innerText()).toContain('用户名或密码错误');
    await signIn(page, '  operator  ', DEMO_PASSWORD);
    await waitForPath(page, '/surveillance/site-homepage');
    await page.getByTestId('site-home').waitFor();
    expect(await page.getByTestId('home-station-name').innerText()).not.toBe('');
    await page.getByTestId('navbar').waitFor();
    await page.getByTestId('clock').waitFor();
    await screenshot(page, 'sign-in-home');
    // Only the failed sign-in's 400 answer may appear in the console.
    expect(consoleErrors.filter((e) => !e.includes('400'))).toEqual([]);
  });

  it('signs in over plain HTTP at a LAN host name: nothing upgraded to https, no WebCrypto needed', async () => {
    const lan = new URL(suite.platform.url);
    lan.hostname = LAN_HOST;
    const { page, consoleErrors } = await newSession(suite.browser, lan.origin);
    const schemes = new Set<string>();
    page.on('request', (req) => schemes.add(new URL(req.url()).protocol));
    await page.goto('/login');
    // Not a secure context: the browser withholds crypto.subtle, the password is sealed in script.
    expect(await page.evaluate(() => [window.isSecureContext, typeof crypto.subtle])).toEqual([false, 'undefined']);
    await signIn(page, 'manager', DEMO_PASSWORD);
    await page.getByTestId('site-home').waitFor();
    expect([...schemes]).toEqual(['http:']);
    expect(consoleErrors).toEqual([]);
  });

  it('returns to the wanted page after signing in', async () => {
    const { page } = await newSession(suite.browser, suite.platform.url);
    await page.goto('/system/user');
    await waitForPath(page, '/login');
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await waitForPath(page, '/system/user');
    await page.getByTestId('user-page').waitFor();
    await screenshot(page, 'sign-in-redirect-user-page');
  });

  it('sends an unknown path to /404 and a page outside the role to /401', async () => {
    const { page } = await newSession(suite.browser, suite.platform.url);
    await page.goto('/no/such/page');
    await waitForPath(page, '/404');
    await page.goto('/login');
    await signIn(page, 'operator', DEMO_PASSWORD);
    await waitForPath(page, '/surveillance/site-homepage');
    await page.goto('/system/user');
    await waitForPath(page, '/401');
    await screenshot(page, 'no-permission');
  });

  it('signs in automatically as the read-only screen account with from=screen', async () => {
    const { page } = await newSession(suite.browser, suite.platform.url);
    await page.goto('/surveillance/site-homepage?from=screen');
    await page.getByTestId('site-home').waitFor();
    expect(await page.getByTestId('user-menu').innerText()).toContain('大屏演示');
    await page.getByTestId('user-menu').click();
    // The shared demo account cannot change its password.
    await page.getByTestId('menu-logout').waitFor();
    expect(await page.getByTestId('menu-password').count()).toBe(0);
    await screenshot(page, 'screen-entry');
  });

  it('signs in through a one-time large-screen token in the query, exactly once', async () => {
    const res = await fetch(`${suite.platform.url}/api/sys/user/login`, { method: 'GET' });
    expect(res.status).toBe(404); // login is POST only
    const { page: owner } = await newSession(suite.browser, suite.platform.url);
    await owner.goto('/login');
    await signIn(owner, 'manager', DEMO_PASSWORD);
    await waitForPath(owner, '/surveillance/site-homepage');
    const token = await owner.evaluate(async () => {
      const bearer = localStorage.getItem('ess_token');
      const r = await fetch('/api/sys/token/applyLargeScreenToken', {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}` },
      });
      return ((await r.json()) as { data: { token: string } }).data.token;
    });
    const { page } = await newSession(suite.browser, suite.platform.url);
    await page.goto(`/login?token=${encodeURIComponent(token)}&redirect=%2Fsurveillance%2Fsite-homepage`);
    await page.getByTestId('site-home').waitFor();
    expect(await page.getByTestId('user-menu').innerText()).toContain('王经理');
    // The same token cannot be used twice.
    const { page: replay } = await newSession(suite.browser, suite.platform.url);
    await replay.goto(`/login?token=${encodeURIComponent(token)}`);
    await replay.getByTestId('login-error').waitFor();
  });

  it('resets a token the server no longer accepts and returns to login with the wanted page', async () => {
    const { page } = await newSession(suite.browser, suite.platform.url);
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('ess_token', 'not-a-valid-token-at-all'));
    await page.goto('/surveillance/battery-analysis');
    await waitForPath(page, '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/surveillance/battery-analysis');
    expect(await page.evaluate(() => localStorage.getItem('ess_token'))).toBeNull();
    await page.locator('.ant-message').filter({ hasText: '登录凭证无效' }).waitFor();
  });
});
