import { localClock, localDateOf, monitoringApi, type StationSummary, type StationTree, shellApi } from '@ess/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { apiData, openInApp, signedInHome } from '../support/journey';
import { ADMIN_PASSWORD } from '../support/platform';
import { journeySuite } from '../support/suite';

// A day of history: the hosted plan's load forecast learns from it.
const suite = journeySuite({ SIMULATOR_BACKFILL_HOURS: '26' });

const hhmm = (minute: number) =>
  minute >= 1440
    ? '24:00'
    : `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

const openDropdowns = (page: Page) => page.locator('.ant-select-dropdown:visible');

/**
 * Picks the option titled `option` of an antd select. The previous select's dropdown fades out
 * for a moment with the same times in it, so each pick waits until no dropdown is shown.
 */
async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await expect.poll(() => openDropdowns(page).count()).toBe(0);
  await select.click();
  await openDropdowns(page).locator(`.ant-select-item-option[title="${option}"]`).click();
  await expect.poll(() => openDropdowns(page).count()).toBe(0);
}

/**
 * A power the station can follow now, within its own limits: discharge into the site's net
 * load (anti-backflow caps discharge at load − PV) while the battery has energy, else charge
 * gently (charging is capped by the contracted demand, so a peak-hour load leaves little room),
 * else stay idle.
 */
function plannedPower(now: StationSummary, ratedKw: number): number {
  const netLoad = (now.loadPower ?? 0) - (now.pvPower ?? 0);
  const soc = now.soc ?? 50;
  if (soc > 20 && netLoad > 40) return Math.round(Math.min(ratedKw * 0.25, netLoad * 0.5));
  if (soc < 85) return -Math.round(ratedKw * 0.1);
  return 0;
}

describe('plan curves', () => {
  it('builds a plan curve, delivers it to a station and the station follows it', async () => {
    const { page, consoleErrors } = await signedInHome(suite.browser, suite.platform.url, 'admin', ADMIN_PASSWORD);
    const stationId = Number(await page.evaluate(() => localStorage.getItem('ess.stationId')));
    const tree = await apiData<StationTree>(page, shellApi.stationTree.path, {});
    const station = tree.flatMap((p) => p.children).find((s) => s.id === stationId);
    if (!station) throw new Error(`station ${stationId} not in the caller's tree`);
    const now = await apiData<StationSummary>(page, monitoringApi.energyFlow.path, { stationId });
    const power = plannedPower(now, station.ratedPowerKw);

    // One segment from the current quarter hour for an hour of the station's clock.
    const minute = Math.floor(localClock(Date.now(), station.timezone).minuteOfDay);
    const start = Math.floor(minute / 15) * 15;
    const end = Math.min(1440, start + 60);
    const code = `E2E-${Date.now() % 100_000}`;

    await openInApp(page, '/strategic-management/plan-curve');
    await page.getByTestId('plan-add').click();
    const editor = page.getByTestId('plan-editor');
    await editor.getByTestId('plan-editor-code').fill(code);
    await editor.getByTestId('plan-editor-name').fill('Journey plan');
    // A new template starts with suggested rows: keep one, add one only if none.
    const rows = editor.locator('[data-testid^="plan-segment-"][data-problem]');
    if ((await rows.count()) === 0) await editor.getByTestId('plan-segment-add').click();
    while ((await rows.count()) > 1) await rows.last().locator('button').last().click();
    // The row: start, end (selects), then power, SOC upper and lower limit (number inputs).
    const row = editor.getByTestId('plan-segment-0');
    await choose(page, row.locator('.ant-select').nth(0), hhmm(start));
    await choose(page, row.locator('.ant-select').nth(1), hhmm(end));
    const numbers = row.locator('input.ant-input-number-input');
    await numbers.nth(0).fill(String(power));
    await numbers.nth(1).fill('95');
    await numbers.nth(2).fill('5');
    await expect.poll(() => row.getAttribute('data-problem')).toBe('');
    await editor.getByTestId('plan-editor-save').click();
    await page.getByTestId(`plan-row-${code}`).waitFor();

    await openInApp(page, '/strategic-management/plan-curve-issue');
    await page.getByTestId('plan-issue-template').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: code }).first().click();
    await page.getByTestId('plan-issue-preview').waitFor();
    await page.getByTestId(`plan-issue-station-${stationId}`).getByRole('checkbox').check();
    await page.getByTestId('plan-deliver').click();
    const dialog = page.getByTestId('control-password-modal');
    await dialog.getByTestId('control-password-input').fill(ADMIN_PASSWORD);
    await dialog.locator('.ant-btn-primary').click();

    // The delivery turns to success when the station's EMS acknowledges the plan.
    const status = page.getByTestId(`plan-status-${stationId}`);
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 45_000, interval: 500 }).toBe('success');

    // Within a minute the station's storage power is the planned power (within 10 % of rating).
    const shown = page.getByTestId(`plan-power-${stationId}`);
    const tolerance = station.ratedPowerKw * 0.1;
    await expect
      .poll(
        async () => {
          const actual = await shown.getAttribute('data-actual');
          const planned = Number(await shown.getAttribute('data-planned'));
          return actual === '' || actual === null ? Number.POSITIVE_INFINITY : Math.abs(Number(actual) - planned);
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBeLessThanOrEqual(tolerance);
    expect(Number(await shown.getAttribute('data-planned'))).toBe(power);

    await screenshot(page, 'plan-curve-delivered');
    expect(consoleErrors).toEqual([]);
  });
});

describe('strategy hosting', () => {
  it('hands a station to the platform, approves the plan of today and sees it delivered', async () => {
    const { page, consoleErrors } = await signedInHome(suite.browser, suite.platform.url, 'admin', ADMIN_PASSWORD);
    const stationId = Number(await page.evaluate(() => localStorage.getItem('ess.stationId')));
    const tree = await apiData<StationTree>(page, shellApi.stationTree.path, {});
    const station = tree.flatMap((p) => p.children).find((s) => s.id === stationId);
    if (!station) throw new Error(`station ${stationId} not in the caller's tree`);
    const today = localDateOf(Date.now(), station.timezone);

    await openInApp(page, '/strategic-management/hosting');
    const enabled = page.getByTestId('hosting-enabled');
    if ((await enabled.getAttribute('aria-checked')) !== 'true') await enabled.click();
    await page.getByTestId('hosting-settings-save').click();
    await page.getByTestId('hosting-plan-today').click();
    const state = page.getByTestId(`hosting-state-${today}`);
    await expect.poll(() => state.getAttribute('data-state'), { timeout: 30_000 }).toBe('pending');

    // The plan beside the rule schedule, then the approval with the password re-entered.
    await page.getByTestId(`hosting-detail-${today}`).click();
    await page.getByTestId('hosting-day-drawer').locator('canvas').first().waitFor();
    await page.locator('.ant-drawer-close').click();
    await page.getByTestId('hosting-opinion').fill('Forecast looks right');
    await page.getByTestId(`hosting-approve-${today}`).click();
    const dialog = page.getByTestId('control-password-modal');
    await dialog.getByTestId('control-password-input').fill(ADMIN_PASSWORD);
    await dialog.locator('.ant-btn-primary').click();

    // Delivered as a plan curve through the command service: the EMS acknowledges it.
    await expect.poll(() => state.getAttribute('data-state'), { timeout: 45_000, interval: 1_000 }).toBe('delivered');
    await screenshot(page, 'hosting-delivered');
    expect(consoleErrors).toEqual([]);
  });
});
