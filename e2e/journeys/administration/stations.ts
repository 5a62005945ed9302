import { describe, expect, it } from 'vitest';
import { screenshot } from '../../support/browser';
import { signedInHome } from '../../support/journey';
import { ADMIN_PASSWORD } from '../../support/platform';
import type { Suite } from '../../support/suite';

/** Journeys of stations, on the administration file's platform (administration.e2e.ts). */
export function stationsJourney(suite: Suite): void {
  describe('station management', () => {
    it('adds a station with coordinates picked on the offline map; the station cascader shows it at once', async () => {
      const { page, consoleErrors } = await signedInHome(suite.browser, suite.platform.url, 'admin', ADMIN_PASSWORD);
      await page.goto('/system/department');
      await page.getByTestId('station-table').locator('tr', { hasText: 'JS-SZ01' }).waitFor();

      await page.getByTestId('station-add').click();
      const dialog = page.getByTestId('station-form');
      await dialog.getByLabel('电站编码').fill('SN-XA01');
      await dialog.getByLabel('电站名称').fill('西安高新储能站');
      await dialog.getByLabel('所属组织').click();
      await page.locator('.ant-select-tree-node-content-wrapper', { hasText: '江苏分公司' }).click();
      await dialog.getByLabel('省份').fill('陕西');
      await page.locator('.ant-select-item-option', { hasText: '陕西省' }).click();
      await dialog.getByLabel('城市').fill('西安市');
      await dialog.getByLabel('额定功率 (kW)').fill('500');
      await dialog.getByLabel('装机容量 (kWh)').fill('1000');
      await dialog.getByLabel('联系电话').fill('13912345678');

      // The map is drawn from outlines shipped with the app: no tile server is asked for anything.
      const map = dialog.getByTestId('map-picker');
      const box = await map.boundingBox();
      if (!box) throw new Error('map not drawn');
      // Xi'an: longitude 108.9 of 72–136, latitude 34.3 of 54–15 (to the click's pixel).
      await map.click({ position: { x: ((108.9 - 72) / 64) * box.width, y: ((54 - 34.3) / 39) * box.height } });
      await expect.poll(async () => Number(await dialog.getByLabel('经度').inputValue())).toBeCloseTo(108.9, 0);
      expect(Number(await dialog.getByLabel('纬度').inputValue())).toBeCloseTo(34.3, 0);
      await dialog.getByTestId('map-marker').waitFor();
      await screenshot(page, 'station-form-map');

      await page.locator('.ant-modal-footer .ant-btn-primary').click();
      await page.getByTestId('station-table').locator('tr', { hasText: 'SN-XA01' }).waitFor();

      // The shell's station cascader has it without a reload.
      await page.getByTestId('station-cascader').click();
      await page.locator('.ant-cascader-menu-item', { hasText: '陕西省' }).first().click();
      await page.locator('.ant-cascader-menu-item', { hasText: '西安高新储能站' }).first().waitFor();
      await page.keyboard.press('Escape');

      // The organisation tree counts it under its organisation; the posts page opens.
      await page.goto('/system/org');
      await page.getByTestId('org-table').locator('tr', { hasText: 'G-JS' }).waitFor();
      await screenshot(page, 'organisations');
      await page.goto('/system/post');
      await page.getByTestId('post-table').waitFor();
      expect(consoleErrors).toEqual([]);
    });
  });
}
