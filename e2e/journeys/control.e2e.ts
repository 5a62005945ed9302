import { type SequenceTemplate, sequenceApi } from '@ess/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { apiData, openInApp, signedInHome } from '../support/journey';
import { ADMIN_PASSWORD } from '../support/platform';
import { journeySuite } from '../support/suite';

const suite = journeySuite();

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
});
