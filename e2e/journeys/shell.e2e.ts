import type { Page, WebSocket } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newSession, screenshot } from '../support/browser';
import { pickStation, signedInHome, signIn, topMenuTexts, waitForCount, waitForPath } from '../support/journey';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from '../support/platform';
import { journeySuite } from '../support/suite';

const suite = journeySuite();

const signedIn = (username: string, password: string, width?: number) =>
  signedInHome(suite.browser, suite.platform.url, username, password, width);

/** The live sockets a page opens from now on. */
function watchSockets(page: Page) {
  const opened: WebSocket[] = [];
  page.on('websocket', (ws) => opened.push(ws));
  return { opened, open: () => opened.filter((ws) => !ws.isClosed()).length };
}

/**
 * No socket storm (the bug opened some 20 a second): the page's live views (station, alarms,
 * commands) hold one socket each, and each may have been restarted once as the language turned
 * to the station's while it connected.
 */
function expectNoStorm(sockets: ReturnType<typeof watchSockets>) {
  expect(sockets.open()).toBeLessThanOrEqual(3);
  expect(sockets.opened.length).toBeLessThanOrEqual(6);
}

const sideMenuTexts = (page: Page) => page.getByTestId('side-menu').locator('.ant-menu-title-content').allInnerTexts();

/**
 * Chooses an action of a tag's context menu. A right click that lands while the page is still
 * rendering may not open the menu on a loaded machine, and a click while the menu still slides in
 * can land beside it and close it; so the menu is awaited at rest and the whole is repeated.
 */
async function tagAction(page: Page, path: string, action: string): Promise<void> {
  const item = page.getByTestId(`tag-action-${action}`);
  const moving = page.locator('.ant-dropdown[class*="slide-up-"]');
  for (let attempt = 1; ; attempt++) {
    await page.getByTestId(`tag-${path}`).click({ button: 'right' });
    const shown = await item.waitFor({ timeout: 3_000 }).then(
      () => true,
      () => false,
    );
    if (shown) {
      await expect.poll(() => moving.count(), { timeout: 5_000 }).toBe(0);
      const clicked = await item.click({ timeout: 5_000 }).then(
        () => true,
        () => false,
      );
      if (clicked) return;
    }
    if (attempt === 5) throw new Error(`the tag menu of ${path} did not take ${action}`);
  }
}

describe('the signed-in shell', () => {
  it('switches station, remembers it, and rebuilds the menu for that station', async () => {
    const { page, consoleErrors } = await signedIn('admin', ADMIN_PASSWORD);
    expect(await page.getByTestId('home-station-name').innerText()).toBe('苏州工业园区储能电站');
    expect(await sideMenuTexts(page)).toContain('充放电数据');

    await pickStation(page, '广东省', '深圳宝安储能电站');
    await page.reload();
    await page.getByTestId('home-station-name').filter({ hasText: '深圳宝安储能电站' }).waitFor();

    // A station under construction has no charge-discharge data page.
    await pickStation(page, '江苏省', '无锡新吴光储充电站');
    await page.waitForFunction(
      () => !document.querySelector('[data-testid="side-menu"]')?.textContent?.includes('充放电数据'),
    );
    expect(await sideMenuTexts(page)).toContain('站点首页');
    await screenshot(page, 'shell-station-construction');
    expect(consoleErrors).toEqual([]);
  });

  it('shows the interface and the server-built menu in each of the four languages', async () => {
    const { page, consoleErrors } = await signedIn('operator', DEMO_PASSWORD);
    const expected = {
      en_US: ['Monitoring', 'Sign in'],
      es_ES: ['Supervisión', 'Iniciar sesión'],
      ja_JP: ['監視', 'ログイン'],
      zh_CN: ['站点监控', '账号登录'],
    } as const;
    for (const [lang, [menu]] of Object.entries(expected)) {
      await page.getByTestId('language-select').click();
      await page.getByTestId(`lang-${lang}`).click();
      await page.waitForFunction(
        (m) => document.querySelector('[data-testid="top-menu"]')?.textContent?.includes(m),
        menu,
      );
      expect((await topMenuTexts(page))[0]).toBe(menu);
      await screenshot(page, `shell-lang-${lang}`);
    }
    // The choice lasts for the tab: a reload keeps Japanese, the weather block too.
    await page.getByTestId('language-select').click();
    await page.getByTestId('lang-ja_JP').click();
    await page.reload();
    await page.getByTestId('top-menu').filter({ hasText: '監視' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
    expect(consoleErrors).toEqual([]);
  });

  it('forces Chinese while a Chinese-only station is selected', async () => {
    const { page } = await signedIn('admin', ADMIN_PASSWORD);
    await page.getByTestId('language-select').click();
    await page.getByTestId('lang-en_US').click();
    await page.getByTestId('top-menu').filter({ hasText: 'Monitoring' }).waitFor();
    await page.getByTestId('station-cascader').click();
    await page.locator('.ant-cascader-menu-item', { hasText: 'Zhejiang' }).first().click();
    await page.locator('.ant-cascader-menu-item', { hasText: '宁波北仑储能项目' }).first().click();
    await page.getByTestId('top-menu').filter({ hasText: '站点监控' }).waitFor();
    expect(await page.getByTestId('language-select').isDisabled()).toBe(true);
  });

  it('opens a Chinese-only station from a browser in English once, without a socket storm, in new tabs too', async () => {
    // A browser in English and no choice made in the tab: the interface starts in English. The
    // Chinese-only station then switched the language back and forth for ever (the station was
    // unknown while the Chinese station list loaded), remounting the page and opening a socket
    // each time until Chromium refused them ("Insufficient resources").
    const { context, page, consoleErrors } = await newSession(suite.browser, suite.platform.url);
    await context.addInitScript(() => Object.defineProperty(navigator, 'language', { get: () => 'en-US' }));
    const sockets = watchSockets(page);
    await page.goto('/login');
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.getByTestId('site-home').waitFor();
    await page.getByTestId('top-menu').filter({ hasText: 'Monitoring' }).waitFor();
    await page.getByTestId('station-cascader').click();
    await page.locator('.ant-cascader-menu-item', { hasText: 'Zhejiang' }).first().click();
    sockets.opened.length = 0;
    await page.locator('.ant-cascader-menu-item', { hasText: '宁波北仑储能项目' }).first().click();
    await page.waitForTimeout(5_000);
    expectNoStorm(sockets);
    await page.getByTestId('top-menu').filter({ hasText: '站点监控' }).waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    // The page responds: a menu click opens its page.
    await page.getByTestId('side-/surveillance/battery-analysis').click({ timeout: 10_000 });
    await waitForPath(page, '/surveillance/battery-analysis');
    await page.getByTestId('history-page').waitFor({ timeout: 10_000 });

    // The station is remembered: a new tab (no language chosen in it) opens it the same way.
    const tab = await context.newPage();
    const tabSockets = watchSockets(tab);
    tab.on('console', (msg) => msg.type() === 'error' && consoleErrors.push(msg.text()));
    await tab.goto('/surveillance/site-homepage');
    await tab.getByTestId('home-station-name').filter({ hasText: '宁波北仑储能项目' }).waitFor({ timeout: 15_000 });
    await tab.waitForTimeout(5_000);
    expectNoStorm(tabSockets);
    expect(await tab.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await tab.getByTestId('top-menu').filter({ hasText: '站点监控' }).waitFor({ timeout: 5_000 });

    // Leaving the station brings the browser's English back.
    await pickStation(tab, '江苏省', '苏州工业园区储能电站');
    await tab.getByTestId('top-menu').filter({ hasText: 'Monitoring' }).waitFor({ timeout: 10_000 });
    expect(consoleErrors.filter((e) => e.includes('Insufficient resources'))).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('changes the theme colour in the settings panel and keeps it for the user', async () => {
    const { page } = await signedIn('operator', DEMO_PASSWORD);
    await page.getByTestId('settings-button').click();
    await page.getByTestId('settings-drawer').waitFor();
    await page.getByTestId('swatch-#52c41a').click();
    const selectedColor = () =>
      page.evaluate(() => {
        const el = document.querySelector('[data-testid="top-menu"] .ant-menu-item-selected');
        return el ? getComputedStyle(el).color : null;
      });
    await page.waitForFunction(() => {
      const el = document.querySelector('[data-testid="top-menu"] .ant-menu-item-selected');
      return el !== null && getComputedStyle(el).color === 'rgb(82, 196, 26)';
    });
    await screenshot(page, 'shell-theme-green');
    // A new browser (no local memory) gets the colour back from the server after sign-in.
    const again = await signedIn('operator', DEMO_PASSWORD);
    await again.page.waitForFunction(() => {
      const el = document.querySelector('[data-testid="top-menu"] .ant-menu-item-selected');
      return el !== null && getComputedStyle(el).color === 'rgb(82, 196, 26)';
    });
    expect(await selectedColor()).toBe('rgb(82, 196, 26)');
  });

  it('opens and closes tags of visited pages', async () => {
    const { page } = await signedIn('admin', ADMIN_PASSWORD);
    expect(await page.getByTestId('tags-view').count()).toBe(0); // off by default
    await page.getByTestId('settings-button').click();
    await page.getByTestId('setting-tagsView').click();
    await page.keyboard.press('Escape');
    await page.getByTestId('tags-view').waitFor();
    // A page becomes a tag once it is shown (a navigation overtaken while its code loads is no visit).
    await page.getByTestId('side-/surveillance/battery-analysis').click();
    await waitForPath(page, '/surveillance/battery-analysis');
    await page.getByTestId('history-page').waitFor();
    await page.getByTestId('side-/surveillance/energy-storage').click();
    await waitForPath(page, '/surveillance/energy-storage');
    await page.getByTestId('energy-storage-page').waitFor();
    const tags = page.getByTestId('tags-view').locator('a');
    await waitForCount(tags, 3);
    await screenshot(page, 'shell-tags');

    await tagAction(page, '/surveillance/battery-analysis', 'closeOthers');
    await waitForPath(page, '/surveillance/battery-analysis');
    await waitForCount(tags, 1);

    await page.getByTestId('side-/surveillance/power-quality').click();
    await waitForPath(page, '/surveillance/power-quality');
    await page.getByTestId('power-quality').waitFor();
    await page.getByTestId('tag-/surveillance/power-quality').locator('.anticon-close').click();
    await waitForPath(page, '/surveillance/battery-analysis');
    await waitForCount(tags, 1);

    await tagAction(page, '/surveillance/battery-analysis', 'closeAll');
    await waitForPath(page, '/surveillance/site-homepage');
  });

  it('rejects a password change whose confirmation differs, then logs out', async () => {
    const { page, consoleErrors } = await signedIn('maintainer', DEMO_PASSWORD);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-password').click();
    await page.getByTestId('pwd-old').fill(DEMO_PASSWORD);
    await page.getByTestId('pwd-new').fill('new-pass-123');
    await page.getByTestId('pwd-confirm').fill('new-pass-124');
    await page.getByRole('button', { name: /确\s*认/ }).click();
    await page.getByText('两次输入的密码不一致').waitFor();
    await page.getByTestId('pwd-new').fill('12345');
    await page.getByText('密码长度为 6 到 18 位').first().waitFor();
    await screenshot(page, 'shell-password-mismatch');
    await page.keyboard.press('Escape');

    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-logout').click();
    await waitForPath(page, '/login');
    await page.goto('/surveillance/site-homepage');
    await waitForPath(page, '/login');
    expect(consoleErrors).toEqual([]);
  });

  it('changes the password, signs out after a second, and accepts only the new one', async () => {
    const { page } = await signedIn('manager', DEMO_PASSWORD);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-password').click();
    await page.getByTestId('pwd-old').fill(DEMO_PASSWORD);
    await page.getByTestId('pwd-new').fill('manager-new-1');
    await page.getByTestId('pwd-confirm').fill('manager-new-1');
    await page.getByRole('button', { name: /确\s*认/ }).click();
    await waitForPath(page, '/login');
    await signIn(page, 'manager', DEMO_PASSWORD);
    await page.getByTestId('login-error').waitFor();
    await signIn(page, 'manager', 'manager-new-1');
    await waitForPath(page, '/surveillance/site-homepage');
  });

  it('finds a menu page by pinyin initials when pinyin search is on (Chinese only)', async () => {
    const { page } = await signedIn('operator', DEMO_PASSWORD);
    expect(await page.getByTestId('menu-search').count()).toBe(0);
    await page.getByTestId('settings-button').click();
    await page.getByTestId('setting-pinyinSearch').click();
    await page.keyboard.press('Escape');
    // The closing drawer gives the focus back to the settings button when its animation ends:
    // type only after that, and keep the focus in the search box for the arrow keys.
    await page.locator('.ant-drawer-content-wrapper').waitFor({ state: 'hidden' });
    const search = page.getByTestId('menu-search').locator('input');
    await search.fill('lsqx');
    await page.locator('.ant-select-item-option', { hasText: '历史曲线' }).waitFor();
    await search.focus();
    // Pick the match with the keyboard (a click can land while the popup still moves), once the
    // arrow keys have made it the active option: other pages' initials may match too (计划曲线…).
    const active = page.locator('.ant-select-item-option-active', { hasText: '历史曲线' });
    const options = await page.locator('.ant-select-item-option').count();
    for (let i = 0; i <= options && (await active.count()) === 0; i++) {
      await page.keyboard.press('ArrowDown');
      await page.waitForTimeout(100);
    }
    await active.waitFor();
    await page.keyboard.press('Enter');
    await waitForPath(page, '/surveillance/battery-analysis');
    await screenshot(page, 'shell-pinyin-search');
  });

  it('folds the sidebar into a drawer below 1024 px', async () => {
    const session = await signedIn('operator', DEMO_PASSWORD, 900);
    const { page } = session;
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
    await page.getByRole('button', { name: '展开/收起侧边栏' }).click();
    await page.getByTestId('sidebar').waitFor();
    await page.getByTestId('side-/surveillance/power-quality').click();
    await waitForPath(page, '/surveillance/power-quality');
    await screenshot(page, 'shell-narrow');
    expect(session.consoleErrors).toEqual([]);
  });
});
