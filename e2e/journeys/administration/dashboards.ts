import type { DashboardData, DashboardRow } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { newSession, screenshot } from '../../support/browser';
import { apiData, chooseOption, dialogSettled, signedInHome } from '../../support/journey';
import { DEMO_PASSWORD } from '../../support/platform';
import type { Suite } from '../../support/suite';

/** The dashboards journey, on the administration file's platform (administration.e2e.ts). */
export function dashboardsJourney(suite: Suite): void {
  describe('dashboards', () => {
    it('builds a dashboard, publishes it as a wall, revokes it, and links a household view', async () => {
      const { page, consoleErrors } = await signedInHome(suite.browser, suite.platform.url, 'operator', DEMO_PASSWORD);
      await page.goto('/surveillance/dashboard');
      await page.getByTestId('dashboard-page').waitFor();
      await page.getByTestId('dashboard-new').click();
      await dialogSettled(page);
      await page.getByTestId('dashboard-name').fill('控制室');
      await page.locator('[data-testid="dashboard-name-form"] .ant-btn-primary').click();
      await page.getByTestId('dashboard-add-widget').waitFor();

      // A figure tile (the station's SOC) and its energy flow, then saved.
      await page.getByTestId('dashboard-add-widget').click();
      await dialogSettled(page);
      await chooseOption(page, 'widget-metric', 'SOC');
      await page.locator('[data-testid="widget-form"] .ant-btn-primary').click();
      await page.getByTestId('widget-form').waitFor({ state: 'hidden' });
      await page.getByTestId('dashboard-add-widget').click();
      await dialogSettled(page);
      await chooseOption(page, 'widget-kind', '能量流');
      await page.locator('[data-testid="widget-form"] .ant-btn-primary').click();
      await page.getByTestId('widget-form').waitFor({ state: 'hidden' });
      await page.getByTestId('dashboard-save').click();
      await page.getByTestId('dashboard-edit').waitFor();

      // The tile shows what the dashboard's own answer holds for the station's SOC.
      const [row] = (await apiData<DashboardRow[]>(page, '/dashboard/list', {})).filter((r) => r.name === '控制室');
      if (!row) throw new Error('the dashboard was not saved');
      expect(row.widgets.map((w) => w.kind)).toEqual(['kpi', 'energyFlow']);
      const tile = page.getByTestId('widget-kpi1');
      await expect.poll(() => tile.getByTestId('widget-kpi-value').innerText(), { timeout: 20_000 }).toMatch(/%$/);
      const data = await apiData<DashboardData>(page, '/dashboard/data', { id: row.id });
      const soc = data.widgets.kpi1;
      expect(soc && 'value' in soc ? soc.value : null).not.toBeNull();
      await page.getByTestId('widget-energyFlow1').locator('svg').first().waitFor();
      await screenshot(page, 'dashboard-built');

      // A link, opened in a browser without a session: the wall shows the same widgets.
      await page.getByTestId('dashboard-publish-open').click();
      await page.getByTestId('dashboard-make-link').click();
      const link = await page.getByTestId('dashboard-link-dashboard-zhongzi').inputValue();
      expect(link).toMatch(/\/dashboard-zhongzi#token=/);
      const wall = await newSession(suite.browser, suite.platform.url, 1920);
      await wall.page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
      await wall.page.getByTestId('published-dashboard').waitFor();
      expect(await wall.page.getByRole('heading', { level: 1 }).innerText()).toBe('控制室');
      await wall.page.getByTestId('widget-kpi1').getByTestId('widget-kpi-value').filter({ hasText: '%' }).waitFor();
      await screenshot(wall.page, 'dashboard-published-wall');
      expect(await wall.page.evaluate(() => localStorage.getItem('ess_token'))).toBeNull();

      // Revoked: the same address says so in the server's words.
      await page.getByTestId('dashboard-revoke').click();
      await page.getByTestId('dashboard-publish-state').filter({ hasText: '尚未发布' }).waitFor();
      await wall.page.reload();
      await wall.page.getByTestId('published-dashboard-error').filter({ hasText: '链接无效或已被撤销' }).waitFor();

      // The station's household view, through its own link, at a laptop's width.
      await page.keyboard.press('Escape');
      await page.getByTestId('family-link-open').click();
      await page.getByTestId('family-make-link').click();
      const family = await page.getByTestId('family-link-url').inputValue();
      expect(family).toMatch(/\/family#token=/);
      const home = await newSession(suite.browser, suite.platform.url, 1024);
      await home.page.goto(family.replace(/^https?:\/\/[^/]+/, ''));
      await home.page.getByTestId('family-view').waitFor();
      await home.page.getByTestId('family-soc').filter({ hasText: '%' }).waitFor();
      expect(await home.page.getByTestId('family-savingsMonth').innerText()).toMatch(/\d/);
      const overflow = await home.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(home.page, 'family-view-1024');
      expect(home.consoleErrors).toEqual([]);
      expect(wall.consoleErrors.filter((e) => !e.includes('404'))).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });
  });
}
