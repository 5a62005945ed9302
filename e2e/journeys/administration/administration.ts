import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../../support/browser';
import { signedInHome, topMenuTexts } from '../../support/journey';
import { ADMIN_PASSWORD } from '../../support/platform';
import type { Suite } from '../../support/suite';

/** Journeys of administration, on the administration file's platform (administration.e2e.ts). */
export function administrationJourney(suite: Suite): void {
  const signedIn = (username: string, password: string) =>
    signedInHome(suite.browser, suite.platform.url, username, password);

  const ROLE = { code: 'site_viewer', name: '站点查看员' };
  const USER = { username: 'zhou.view', password: 'zhou-pass-1', realName: '周查看', phone: '13900001234' };
  const STATION = '深圳宝安储能电站';

  /** Picks an option of an antd multiple select (opened by its test id) and closes its list. */
  async function choose(page: Page, testId: string, option: string) {
    await page.getByTestId(testId).click();
    const list = page.locator('.ant-select-dropdown:visible');
    await list.locator('.ant-select-item-option', { hasText: option }).first().click();
    // A click on the dialog's title closes the list (Escape might close the dialog itself).
    await page.locator('.ant-modal-title:visible').click();
    await list.waitFor({ state: 'hidden' });
  }

  /** Saves the form dialog with this test id (other dialogs of the page stay rendered, hidden) and waits until it closes. */
  async function save(page: Page, form: string) {
    await page.getByTestId(form).locator('.ant-modal-footer .ant-btn-primary').click();
    await page.getByTestId(form).waitFor({ state: 'hidden' });
  }

  describe('administration', () => {
    it('a new role with two menus and a user with one station: that user sees just those', async () => {
      const admin = await signedIn('admin', ADMIN_PASSWORD);
      const { page } = admin;

      // The role: site home and energy storage (their parent, monitoring, comes with them).
      await page.goto('/system/role');
      await page.getByTestId('role-add').click();
      await page.getByRole('dialog').getByLabel('角色编码').fill(ROLE.code);
      await page.getByRole('dialog').getByLabel('角色名称').fill(ROLE.name);
      await page.getByRole('dialog').getByRole('button', { name: '全部展开' }).click();
      await page.getByTestId('menu-node-surveillance.siteHomepage').click();
      await page.getByTestId('menu-node-surveillance.energyStorage').click();
      await screenshot(page, 'administration-role');
      await save(page, 'role-form');
      await page.getByTestId('role-table').locator('tr', { hasText: ROLE.name }).waitFor();

      // The user: that role, no organisation, one station granted explicitly.
      await page.goto('/system/user');
      await page.getByTestId('user-add').click();
      await page.getByRole('dialog').getByLabel('登录名', { exact: true }).fill(USER.username);
      await page.getByRole('dialog').getByLabel('密码', { exact: true }).fill(USER.password);
      await page.getByRole('dialog').getByLabel('真实姓名').fill(USER.realName);
      await page.getByRole('dialog').getByLabel('手机号码').fill(USER.phone);
      await choose(page, 'user-roles', ROLE.name);
      await choose(page, 'user-stations', STATION);
      await save(page, 'user-form');
      await page.getByTestId('user-table').locator('tr', { hasText: USER.realName }).waitFor();
      expect(admin.consoleErrors).toEqual([]);

      // Signed in as that user: one top menu with the two pages, one station to pick.
      const user = await signedIn(USER.username, USER.password);
      expect(await user.page.getByTestId('home-station-name').innerText()).toBe(STATION);
      expect(await topMenuTexts(user.page)).toEqual(['站点监控']);
      const side = await user.page.getByTestId('side-menu').locator('.ant-menu-title-content').allInnerTexts();
      expect(side).toEqual(['站点首页', '储能监控']);
      await user.page.getByTestId('station-cascader').click();
      const provinces = user.page.locator('.ant-cascader-menu').first().locator('.ant-cascader-menu-item');
      expect(await provinces.allInnerTexts()).toEqual(['广东省']);
      await provinces.first().click();
      const stations = user.page.locator('.ant-cascader-menu').nth(1).locator('.ant-cascader-menu-item');
      expect(await stations.allInnerTexts()).toEqual([STATION]);
      await screenshot(user.page, 'administration-user');
      expect(user.consoleErrors).toEqual([]);
    });
  });
}
