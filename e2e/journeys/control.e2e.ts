import { type SequenceTemplate, sequenceApi } from '@ess/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { apiData, chooseOption, openInApp, signedInHome } from '../support/journey';
import { ADMIN_PASSWORD } from '../support/platform';
import { journeySuite } from '../support/suite';

// Cabinet 02 of JS-NJ01 finds every firmware's checksum wrong: an upgrade's second wave fails.
const suite = journeySuite({ SIMULATOR_UPGRADES: 'JS-NJ01-CAB-02=failVerify' });

/** Answers the control password dialog (the re-entered password of every control action). */
async function confirmPassword(page: Page): Promise<void> {
  const dialog = page.getByTestId('control-password-modal');
  await dialog.getByTestId('control-password-input').fill(ADMIN_PASSWORD);
  await dialog.locator('.ant-btn-primary').click();
}

describe('remote and sequential control', () => {
  it("delivers a PCS setpoint and runs a sequence, each turning to success on the devices' answers", async () => {
    const { page, consoleErrors } = await signedInHome(suite.browser, suite.platform.url, 'admin', ADMIN_PASSWORD);
    const stationId = Number(await page.evaluate(() => localStorage.getItem('ess.stationId')));

    // Command delivery: a PCS power setpoint, password re-entered, the state live.
    await openInApp(page, '/remote-control/issue-order');
    await page.getByTestId('device-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '-PCS-' }).first().click();
    await page.getByTestId('point-pSet-value').fill('-50');
    await page.getByTestId('point-pSet-deliver').click();
    await confirmPassword(page);
    await page
      .getByTestId('issue-order-page')
      .getByTestId('command-state-success')
      .first()
      .waitFor({ timeout: 45_000 });
    await screenshot(page, 'control-setpoint-delivered');

    // One-button sequential control: the built-in start sequence, every step to success in order.
    const templates = await apiData<SequenceTemplate[]>(page, sequenceApi.templates.path, { stationId });
    const start = templates.find((t) => t.steps.some((s) => s.pointCode === 'startStop' && s.value === 1));
    if (!start) throw new Error('no built-in start sequence');
    await openInApp(page, '/strategic-management/sequential-control');
    await page.getByTestId(`template-run-${start.id}`).click();
    await confirmPassword(page);
    const progress = page.getByTestId('run-progress');
    const done = progress.locator('[data-testid^="step-"][data-state="success"]');
    await expect.poll(() => done.count(), { timeout: 120_000, interval: 500 }).toBe(start.steps.length);
    expect(await progress.locator('[data-testid^="step-"][data-state="failed"]').count()).toBe(0);
    await screenshot(page, 'control-sequence-run');
    expect(consoleErrors).toEqual([]);
  });

  it('uploads firmware, upgrades in waves: the first succeeds, the second halts the task on its failure', async () => {
    const { page, consoleErrors } = await signedInHome(suite.browser, suite.platform.url, 'admin', ADMIN_PASSWORD);
    await openInApp(page, '/system/device-upgrade');

    // A package: model, version and the file, uploaded with its progress.
    await page.getByRole('tab', { name: /Firmware packages|升级包/ }).click();
    await page.getByTestId('upgrade-package-add').click();
    await chooseOption(page, 'upgrade-package-model', 'CAB-215');
    await page.getByTestId('upgrade-package-version').fill('2.1.0');
    await page
      .locator('.ant-modal input[type="file"]')
      .setInputFiles({ name: 'cab-2.1.0.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(200_000, 7) });
    await page.getByTestId('upgrade-package-submit').click();
    await page.getByTestId('upgrade-packages').getByText('2.1.0', { exact: true }).waitFor({ timeout: 20_000 });

    // A task: the ten cabinets of JS-NJ01 in waves of 10 %, 20 % and the rest, no failure allowed.
    await page.getByRole('tab', { name: /Upgrade tasks|升级任务/ }).click();
    await page.getByTestId('upgrade-task-add').click();
    await chooseOption(page, 'upgrade-task-package', '2.1.0');
    await page
      .locator('input[data-testid="upgrade-task-sn"], [data-testid="upgrade-task-sn"] input')
      .first()
      .fill('JS-NJ01-CAB');
    const targets = page.getByTestId('upgrade-task-targets');
    await expect.poll(() => targets.locator('tbody tr.ant-table-row').count(), { timeout: 15_000 }).toBe(8);
    await targets.locator('thead input[type="checkbox"]').check();
    await page.locator('.ant-drawer .ant-pagination-next').click();
    await expect.poll(() => targets.locator('tbody tr.ant-table-row').count()).toBe(2);
    await targets.locator('thead input[type="checkbox"]').check();
    await expect.poll(() => page.getByTestId('upgrade-task-submit').isEnabled()).toBe(true);
    await page.getByTestId('upgrade-task-waves').fill('10, 20, 100');
    await page
      .locator('input[data-testid="upgrade-task-threshold"], [data-testid="upgrade-task-threshold"] input')
      .first()
      .fill('0');
    await page.getByTestId('upgrade-task-reason').fill('Grid code update');
    await page.getByTestId('upgrade-task-submit').click();
    await confirmPassword(page);

    // Wave 1 (cabinet 01) upgrades; wave 2 (cabinet 02) fails its checksum: the task halts before wave 3.
    const detail = page.getByTestId('upgrade-task-detail');
    await detail.waitFor({ timeout: 20_000 });
    await page.locator('[data-testid="upgrade-task-state"][data-state="halted"]').first().waitFor({ timeout: 90_000 });
    const devices = detail.getByTestId('upgrade-task-devices');
    // The drawer reads the task every 2 s: its devices may show the state before the list's tag did.
    await expect
      .poll(
        () => devices.locator('tr', { hasText: 'JS-NJ01-CAB-01' }).locator('[data-state]').getAttribute('data-state'),
        { timeout: 15_000 },
      )
      .toBe('success');
    expect(await devices.locator('tr', { hasText: 'JS-NJ01-CAB-02' }).textContent()).toContain('checksum mismatch');
    expect(
      await devices.locator('tr', { hasText: 'JS-NJ01-CAB-03' }).locator('[data-state]').getAttribute('data-state'),
    ).toBe('pending');
    expect(await page.getByTestId('upgrade-task-reason-text').textContent()).toMatch(/100 %|100%/);
    await screenshot(page, 'device-upgrade-halted');
    expect(consoleErrors).toEqual([]);
  });
});
