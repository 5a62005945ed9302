import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { apiData, downloadText, signedInHome } from '../support/journey';
import { DEMO_PASSWORD } from '../support/platform';
import { journeySuite } from '../support/suite';

const suite = journeySuite();
const PAGE = '/surveillance/battery-analysis';

async function historyPage(width = 1440) {
  const session = await signedInHome(suite.browser, suite.platform.url, 'operator', DEMO_PASSWORD, width);
  await session.page.goto(PAGE);
  await session.page.getByTestId('history-picker').waitFor({ timeout: 30_000 });
  return session;
}

/** Ticks a point of a device in the picker through its search box. */
async function tick(page: Page, device: string, point: string) {
  const picker = page.getByTestId('history-picker');
  await picker.locator('input').first().fill(device);
  await picker.locator('.ant-tree-treenode', { hasText: point }).first().locator('.ant-tree-checkbox').click();
  await picker.locator('input').first().fill('');
}

/** The CSV the export wrote (UTF-8 with BOM, CRLF; only the time header, which holds a comma, is quoted). */
const csvRows = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((l) => (l.match(/"(?:[^"]|"")*"|[^,]+|(?<=,|^)(?=,|$)/g) ?? []).map((c) => c.replace(/^"|"$/g, '')));

describe('history curves', () => {
  it('plots two points over 7 days opened on their data, saves the set, and exports a CSV whose rows match the API', async () => {
    const { page, consoleErrors } = await historyPage();
    // The station totals start selected; replace them by two PCS points.
    await page.getByTestId('history-count').filter({ hasText: '2 / 50' }).waitFor();
    await page.getByTestId('history-picker').getByRole('button', { name: '清空' }).click();
    await tick(page, 'PCS-1', '有功功率');
    await tick(page, 'PCS-1', '直流电压');
    await page.getByTestId('history-count').filter({ hasText: '2 / 50' }).waitFor();
    await page.getByTestId('history-chart').locator('canvas').first().waitFor();
    await page.getByTestId('history-indicators').locator('tbody tr', { hasText: 'PCS-1 · 有功功率' }).waitFor();
    // The platform has run for minutes, not the preset's 7 days: the chart opens on the data there
    // is and reads that window at a finer resolution than the week's 15-minute roll-ups.
    const resolution = page.locator('[data-testid="history-resolution"].ant-tag-blue');
    await resolution.waitFor({ timeout: 30_000 });
    expect(await resolution.innerText()).not.toContain('15 分钟');
    await screenshot(page, 'history-curves');

    await page.getByTestId('history-save-set').click();
    await page.getByTestId('history-set-name').fill('PCS-1 功率与电压');
    await page.locator('.ant-modal .ant-btn-primary').click();
    await page.locator('.ant-message', { hasText: '操作成功' }).waitFor();

    type ExportBody = { stationId: number; items: unknown[]; from: number; to: number };
    const sent: { body: ExportBody | null } = { body: null };
    page.on('request', (r) => {
      if (r.url().endsWith('/pointCurveExport')) sent.body = JSON.parse(r.postData() ?? 'null') as ExportBody;
    });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await page.getByTestId('history-export').hover();
        await page.locator('.ant-dropdown-menu-item').first().click();
      })(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^JS-SZ01_历史曲线_\d{8}-\d{8}\.csv$/);
    const [head, ...rows] = csvRows(await downloadText(download));
    expect(head?.[0]).toBe('时间 (Asia/Shanghai, UTC+08:00)');
    expect(head?.[1]).toBe('PCS-1 有功功率 (kW)');

    // The same request to the curve API: the file has one row per bucket, with the same values.
    const body = sent.body as ExportBody | null;
    if (!body) throw new Error('no export request seen');
    const api = await apiData<{ series: { data: [number, number][] }[] }>(
      page,
      '/business/openStation/dynamicRealtimeCurve',
      { stationId: body.stationId, items: body.items, from: body.from, to: body.to },
    );
    const [power, volts] = api.series;
    const stamps = new Set([...(power?.data ?? []), ...(volts?.data ?? [])].map(([t]) => t));
    expect(rows.length).toBe(stamps.size);
    expect(rows.length).toBeGreaterThan(0);
    const byTime = new Map(rows.map((r) => [r[0], r]));
    const firstPower = power?.data[0];
    if (firstPower) {
      const row = [...byTime.values()].find((r) => r[1] !== '' && Math.abs(Number(r[1]) - firstPower[1]) < 1e-6);
      expect(row).toBeDefined();
    }
    expect(consoleErrors).toEqual([]);
  });

  it('configures key points and quick curves: device source first, then points, order, save, refresh', async () => {
    const { page, consoleErrors } = await historyPage();
    await page.getByRole('tab', { name: '快捷视图' }).click();
    await page.getByTestId('configure-point-keyPoints').click();
    const dialog = page.locator('.ant-modal');
    await dialog.waitFor();
    // No points before a device source is chosen (spec 5).
    expect(await page.getByTestId('config-points').count()).toBe(0);
    await page.getByTestId('config-device-source').click();
    await page.locator('.ant-select-tree-node-content-wrapper', { hasText: 'PCS-1' }).first().click();
    await dialog.locator('.ant-segmented-item', { hasText: '遥测' }).click();
    const boxes = page.getByTestId('config-points').locator('.ant-checkbox-input');
    await boxes.nth(0).check();
    await boxes.nth(4).check();
    await page.getByTestId('config-add').click();
    const rows = page.getByTestId('config-rows').locator('li');
    await rows.nth(1).dragTo(rows.nth(0));
    await rows.nth(0).locator('input').fill('A 相电压');
    await screenshot(page, 'history-point-config');
    await page.getByTestId('config-save').click();
    await page.locator('.ant-message', { hasText: '操作成功' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const tiles = page.getByTestId('key-point');
    await tiles.first().waitFor();
    expect(await tiles.count()).toBe(2);
    expect(await tiles.first().innerText()).toContain('A 相电压');

    await page.getByTestId('configure-curve-quickCurves').click();
    await dialog.waitFor();
    await page.getByTestId('config-device-source').click();
    await page.locator('.ant-select-tree-node-content-wrapper', { hasText: 'PCS-1' }).first().click();
    await page.getByTestId('config-points').locator('.ant-checkbox-input').first().check();
    await page.getByTestId('config-add').click();
    await page.getByTestId('config-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('history-quick').locator('canvas').first().waitFor();
    await screenshot(page, 'history-quick-view');
    expect(consoleErrors).toEqual([]);
  });

  it('shows every battery cluster live with its cell spread, at 1024 px too', async () => {
    const { page, consoleErrors } = await historyPage(1024);
    await page.getByRole('tab', { name: '电池分析' }).click();
    const units = page.getByTestId('battery-units').locator('tbody tr.ant-table-row');
    await units.first().waitFor();
    expect(await units.count()).toBe(4);
    await page.waitForFunction(() =>
      /\d+\.\d{3} V/.test(document.querySelector('[data-testid="battery-units"] tbody')?.textContent ?? ''),
    );
    await screenshot(page, 'history-battery-1024');
    expect(consoleErrors).toEqual([]);
  });
});
