import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeSessions, launchBrowser, screenshot } from '../support/browser';
import { apiData, openInApp, signedInHome } from '../support/journey';
import { ADMIN_PASSWORD, type Platform, startPlatform } from '../support/platform';

/**
 * The monitoring overview of sites against the site home page. The simulator publishes every
 * 20 s here (devices stay online: they are offline after three of their 10 s intervals), so the
 * figures hold still long enough to read both pages between two of its ticks. A day of history
 * gives today's charge and discharge something to add up at any hour.
 */
let platform: Platform;
let browser: Awaited<ReturnType<typeof launchBrowser>>['browser'];
let closeBrowser: (() => Promise<void>) | undefined;

beforeAll(async () => {
  platform = await startPlatform({ SIMULATOR_INTERVAL_S: '20', SIMULATOR_BACKFILL_HOURS: '24' });
  // The history backfill runs after the server listens; the figures move fast until it is done.
  await vi.waitFor(
    () => {
      if (!platform.log().includes('publishing every')) throw new Error('simulator still backfilling');
    },
    { timeout: 120_000, interval: 500 },
  );
  const launched = await launchBrowser();
  browser = launched.browser;
  closeBrowser = launched.close;
});
afterEach(closeSessions);
afterAll(async () => {
  await closeBrowser?.();
  await platform?.stop();
});

type Kpis = {
  todayChargeKwh: number | null;
  todayDischargeKwh: number | null;
  todayRevenue: number | null;
  soc: number | null;
  storagePowerKw: number | null;
  totalChargeKwh: number | null;
  totalDischargeKwh: number | null;
};
type Row = {
  stationId: number;
  code: string;
  status: string;
  dailyCharge: number | null;
  dailyDischarge: number | null;
  todayRevenue: number | null;
  soc: number | null;
  storagePower: number | null;
  pcsConversion: number | null;
};

const OVERVIEW = '/surveillance/site-overview';
const HOME = '/surveillance/site-homepage';
/** A figure as text without spaces: the home tiles set number and unit apart, the table writes "1.0 kWh". */
const squeeze = (s: string) => s.replace(/\s+/g, '');
const adminHome = (width: number) => signedInHome(browser, platform.url, 'admin', ADMIN_PASSWORD, width);

/** The shown figures of the station's home page KPIs, and its round-trip efficiency. */
async function homeFigures(page: Page) {
  await openInApp(page, HOME);
  await page.getByTestId('kpi-capacity-value').filter({ hasText: /\d/ }).waitFor({ timeout: 30_000 });
  await page.getByTestId('kpi-soc-value').filter({ hasText: /\d/ }).waitFor({ timeout: 30_000 });
  const text = async (id: string) => squeeze(await page.getByTestId(id).innerText());
  const sub = await page.getByTestId('kpi-total-discharge').innerText();
  return {
    dailyCharge: await text('kpi-today-charge-value'),
    dailyDischarge: await text('kpi-today-discharge-value'),
    todayRevenue: await text('kpi-today-revenue-value'),
    soc: await text('kpi-soc-value'),
    storagePower: await text('kpi-storage-power-value'),
    totalChargeE: await text('kpi-total-charge-value'),
    totalDischargeE: await text('kpi-total-discharge-value'),
    pcsConversion: /(\d[\d,.]*)\s*%/.exec(sub)?.[1] ?? '-',
  };
}

/** The same figures from the station's row of the overview. */
async function overviewFigures(page: Page, stationId: number) {
  await openInApp(page, OVERVIEW);
  const row = page.getByTestId(`site-overview-row-${stationId}`);
  await row.waitFor({ timeout: 30_000 });
  const cell = async (key: string) => squeeze(await row.locator(`td[data-col="${key}"]`).innerText());
  return {
    dailyCharge: await cell('dailyCharge'),
    dailyDischarge: await cell('dailyDischarge'),
    todayRevenue: await cell('todayRevenue'),
    soc: await cell('soc'),
    storagePower: await cell('storagePower'),
    totalChargeE: await cell('totalChargeE'),
    totalDischargeE: await cell('totalDischargeE'),
    pcsConversion: (await cell('pcsConversion')).replace('%', ''),
  };
}

const moving = (k: Kpis) => [
  k.todayChargeKwh,
  k.todayDischargeKwh,
  k.todayRevenue,
  k.soc,
  k.storagePowerKw,
  k.totalChargeKwh,
  k.totalDischargeKwh,
];

describe('monitoring overview of sites', () => {
  it("shows a station's figures exactly as its home page does", async () => {
    const { page, consoleErrors } = await adminHome(1440);
    const stationId = Number(await page.evaluate(() => localStorage.getItem('ess.stationId')));
    const kpis = () => apiData<Kpis>(page, '/business/openStation/pcsStationData', { stationId });
    let compared = false;
    for (let attempt = 0; attempt < 6 && !compared; attempt++) {
      const before = await kpis();
      const home = await homeFigures(page);
      await screenshot(page, 'site-home-kpis-1440');
      const overview = await overviewFigures(page, stationId);
      const rows = await apiData<Row[]>(page, '/business/openStation/siteOverview', {});
      const after = await kpis();
      // A simulator tick between the two readings moves the figures: read both pages again.
      if (JSON.stringify(moving(before)) !== JSON.stringify(moving(after))) continue;
      compared = true;
      const row = rows.find((r) => r.stationId === stationId);
      expect(row?.status).toMatch(/^(normal|fault)$/);
      // The calls agree to the last digit …
      expect(row).toMatchObject({
        dailyCharge: after.todayChargeKwh,
        dailyDischarge: after.todayDischargeKwh,
        todayRevenue: after.todayRevenue,
        soc: after.soc,
        storagePower: after.storagePowerKw,
      });
      expect(row?.pcsConversion).toBeCloseTo(((after.totalDischargeKwh ?? 0) / (after.totalChargeKwh ?? 1)) * 100, 9);
      expect(row?.dailyCharge).not.toBeNull();
      // … and the pages show the same text.
      expect(overview).toEqual(home);
    }
    expect(compared, 'two readings without a simulator tick between them').toBe(true);
    await screenshot(page, 'site-overview-vs-home-1440');
    expect(consoleErrors).toEqual([]);
  });

  it('labels every state, says when a search matches nothing, at 1024, 1440 and 1920 px in two languages', async () => {
    const labels = {
      zh_CN: { construction: '在建', proposed: '拟建', noMatch: '没有与“不存在的电站”匹配的电站' },
      en_US: { construction: 'Under construction', proposed: 'Proposed', noMatch: 'No station matches “不存在的电站”' },
    } as const;
    for (const width of [1024, 1440, 1920]) {
      const { page, consoleErrors, context } = await adminHome(width);
      const rows = await apiData<Row[]>(page, '/business/openStation/siteOverview', {});
      const idOf = (code: string) => rows.find((r) => r.code === code)?.stationId;
      expect(rows.find((r) => r.code === 'JS-WX01')?.status).toBe('construction');
      expect(rows.find((r) => r.code === 'GD-DG01')?.status).toBe('proposed');
      for (const lang of ['zh_CN', 'en_US'] as const) {
        if (lang !== 'zh_CN') {
          await page.getByTestId('language-select').click();
          await page.getByTestId(`lang-${lang}`).click();
        }
        // Inside the running app, as the menu opens it: one page load per width.
        await openInApp(page, OVERVIEW);
        const table = page.getByTestId('site-overview-table');
        await table.locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
        const l = labels[lang];
        await page
          .getByTestId(`site-overview-status-${idOf('JS-WX01')}`)
          .filter({ hasText: l.construction })
          .waitFor();
        expect(await page.getByTestId(`site-overview-status-${idOf('GD-DG01')}`).innerText()).toBe(l.proposed);
        // The stations not yet built are not counted among those in operation.
        const operating = rows.filter((r) => r.status !== 'construction' && r.status !== 'proposed').length;
        expect(await page.getByTestId('site-overview-total-online').innerText()).toContain(`/ ${operating}`);
        // The alarm columns count each station's alarms (0 where none is active).
        const alarmCells = await table.locator('td[data-col="alarmNum"]').allInnerTexts();
        expect(alarmCells).toHaveLength(rows.length);
        for (const c of alarmCells) expect(c.trim()).toMatch(/^(\d+|-)$/);
        await screenshot(page, `site-overview-${width}-${lang}`);

        await page.getByTestId('site-overview-search').fill('不存在的电站');
        expect(await page.getByTestId('site-overview-no-match').innerText()).toBe(l.noMatch);
        await screenshot(page, `site-overview-no-match-${width}-${lang}`);
        await page.getByTestId('site-overview-clear-filters').click();
        await table
          .locator('tbody tr.ant-table-row')
          .nth(rows.length - 1)
          .waitFor();
      }
      expect(consoleErrors, `${width} px`).toEqual([]);
      await context.close();
    }
  }, 300_000);
});
