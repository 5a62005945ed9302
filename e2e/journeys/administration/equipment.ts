import { describe, expect, it } from 'vitest';
import { screenshot } from '../../support/browser';
import { chooseOption, signedInHome } from '../../support/journey';
import { ADMIN_PASSWORD } from '../../support/platform';
import type { Suite } from '../../support/suite';

/** Journeys of equipment, on the administration file's platform (administration.e2e.ts). */
export function equipmentJourney(suite: Suite): void {
  describe('equipment', () => {
    it("adds a device model with two points and a device of it, then sees the device in the station's devices", async () => {
      const { page, consoleErrors } = await signedInHome(suite.browser, suite.platform.url, 'admin', ADMIN_PASSWORD);
      const station = (await page.getByTestId('home-station-name').innerText()).trim();

      // A device model with two points.
      await page.goto('/system/equip-model');
      await page.getByTestId('model-table').waitFor();
      await page.getByTestId('model-add').click();
      const form = page.getByTestId('model-form');
      await page.getByTestId('model-code').fill('PCS-E2E');
      await page.getByTestId('names-zh_CN').fill('测试变流器');
      await chooseOption(page, 'model-device-type', '储能变流器');
      for (const [i, [code, name]] of [
        ['p', '有功功率'],
        ['soc', '荷电状态'],
      ].entries()) {
        await page.getByTestId('point-add').click();
        await page.getByTestId(`point-code-${i}`).fill(code ?? '');
        await page.getByTestId(`point-name-zh_CN-${i}`).fill(name ?? '');
      }
      await form.locator('.ant-modal-footer .ant-btn-primary').click();
      const modelRow = page.getByTestId('model-table').locator('tr', { hasText: 'PCS-E2E' });
      await modelRow.waitFor();
      expect(await modelRow.innerText()).toContain('2');

      // A device of that model in the current station.
      await page.goto('/system/equipment');
      await page.getByTestId('device-table').waitFor();
      await page.getByTestId('device-add').click();
      const deviceForm = page.getByTestId('device-form');
      await page.getByTestId('device-name').fill('测试变流器一号');
      await page.getByTestId('device-sn').fill('E2E-PCS-1');
      await chooseOption(page, 'device-model', 'PCS-E2E');
      await deviceForm.locator('.ant-modal-footer .ant-btn-primary').click();
      await page.getByTestId('device-table').locator('tr', { hasText: 'E2E-PCS-1' }).waitFor();
      await deviceForm.waitFor({ state: 'hidden' });
      await screenshot(page, 'equipment-list');

      // The station's device page (built from its device tree) shows it.
      await page.goto('/surveillance/energy-storage');
      await page.getByTestId('energy-storage-page').getByText(station).first().waitFor();
      await page.getByTestId('device-group-pcs').getByText('测试变流器一号').waitFor();
      await screenshot(page, 'equipment-in-station');
      expect(consoleErrors).toEqual([]);
    });
  });
}
