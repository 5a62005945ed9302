import {
  type IncomeResult,
  type RateStationTemplates,
  type StatementResult,
  type StationKpis,
  type StationTree,
  TOU_PERIODS,
  type TouPrices,
} from '@ess/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { screenshot } from '../support/browser';
import {
  apiData,
  chooseOption,
  dialogSettled,
  downloadBytes,
  hoverUntil,
  openInApp,
  signedInHome,
} from '../support/journey';
import { ADMIN_PASSWORD } from '../support/platform';
import { journeySuite } from '../support/suite';

// A day of simulated history, so today holds everything since local midnight to price: with
// 3 hours, a run at 05:30 station time saw only an idle stretch of the valley and no energy.
const suite = journeySuite({ SIMULATOR_BACKFILL_HOURS: '24' });
const HOME = '/surveillance/site-homepage';
const NEW_CODE = 'TOU-JOURNEY';
const STATEMENT = '/revenue-management/earnings-statement';

/** Today's revenue as the home page shows it (the tile's unscaled figure, e.g. "1,234.56 元"). */
async function shownRevenue(page: Page): Promise<number> {
  const tile = page.getByTestId('kpi-today-revenue-value');
  await tile.filter({ hasText: /\d/ }).waitFor({ timeout: 120_000 });
  const full = (await tile.getAttribute('title')) ?? '';
  const m = /-?[\d,]+(\.\d+)?/.exec(full);
  if (!m) throw new Error(`no figure in "${full}"`);
  return Number(m[0].replaceAll(',', ''));
}

/** Σ over periods of (discharged − charged kWh) × price: today's energy per period from the API. */
const revenueOf = (day: IncomeResult['days'][number], prices: TouPrices) =>
  TOU_PERIODS.reduce((s, p) => s + (day.periods[p].dischargeKwh - day.periods[p].chargeKwh) * prices[p], 0);

/**
 * The home page's today's revenue next to today's energy per period read from the API at the same
 * moment: the page is reloaded until the simulator did not move the counters between the page's
 * own KPI answer and the energy read after it.
 */
async function homeAndEnergy(page: Page, stationId: number) {
  // Roll-ups land as often as every 250 ms on a quiet demo: a busy CI machine needs more tries.
  for (let attempt = 0; attempt < 20; attempt++) {
    const kpi = page.waitForResponse((r) => r.url().endsWith('/business/openStation/pcsStationData'));
    await page.goto(HOME);
    const pageKpis = (await (await kpi).json()).data as StationKpis;
    const shown = await shownRevenue(page);
    const income = await apiData<IncomeResult>(page, '/business/openStation/incomeData', {
      stationId,
      from: pageKpis.date,
      to: pageKpis.date,
    });
    const day = income.days[0];
    if (day && day.revenue === pageKpis.todayRevenue) return { shown, day };
  }
  throw new Error('the simulator kept moving today’s energy between the page and the API');
}

/** The statement page's revenue tile (its figure, e.g. "1,234.56 元") and the API's row for the same month. */
async function statementShown(page: Page, stationId: number, month: string) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const answer = page.waitForResponse((r) => r.url().endsWith('/revenue/statement'));
    await page.reload();
    const result = (await (await answer).json()).data as StatementResult;
    const tile = page.getByTestId('statement-tile-revenue');
    await tile.filter({ hasText: /\d/ }).waitFor();
    const m = /-?[\d,]+\.\d{2}/.exec(await tile.innerText());
    const row = result.rows.find((r) => r.stationId === stationId);
    if (!m || !row) throw new Error('no statement figure');
    const again = await apiData<StatementResult>(page, '/revenue/statement', { stationIds: [stationId], month });
    // The simulator may move the counters between the page's answer and this read: read again.
    if (again.total.revenue !== result.total.revenue) continue;
    expect(Number(m[0].replaceAll(',', ''))).toBe(result.total.revenue);
    return { row };
  }
  throw new Error('the simulator kept moving the month between the page and the API');
}

/**
 * A station that moved energy since its local midnight, remembered as the page's station: each
 * demo station starts charging up to an hour into its valley, so just after midnight some have
 * nothing yet to price.
 */
async function stationWithEnergyToday(page: Page): Promise<number> {
  const tree = await apiData<StationTree>(page, '/business/station', {});
  const ids = tree.flatMap((p) => p.children).map((s) => s.id);
  const found = await vi.waitFor(
    async () => {
      for (const stationId of ids) {
        const kpis = await apiData<StationKpis>(page, '/business/openStation/pcsStationData', { stationId });
        if ((kpis.todayChargeKwh ?? 0) + (kpis.todayDischargeKwh ?? 0) > 0) return stationId;
      }
      throw new Error('no station moved energy today yet');
    },
    { timeout: 300_000, interval: 5_000 },
  );
  await page.evaluate((id) => localStorage.setItem('ess.stationId', String(id)), found);
  return found;
}

describe('rate templates', () => {
  it("prices today's revenue on the home page with a new template assigned from today", async () => {
    const { page, consoleErrors } = await signedInHome(suite.browser, suite.platform.url, 'admin', ADMIN_PASSWORD);
    const stationId = await stationWithEnergyToday(page);
    const tariff = await apiData<RateStationTemplates>(page, '/business/rate/station', { stationId });
    const template = tariff.templates.find((t) => t.id === tariff.currentId);
    if (!template) throw new Error('the seeded station has no template in force today');

    const before = await homeAndEnergy(page, stationId);
    expect(before.shown).toBeCloseTo(revenueOf(before.day, template.prices), 2);
    expect(before.day.chargeKwh + before.day.dischargeKwh).toBeGreaterThan(0);

    // New prices on /system/rate: peaks and sharp hours dearer, valleys cheaper.
    const r4 = (v: number) => Math.round(v * 1e4) / 1e4;
    const next: TouPrices = {
      sharp: r4(template.prices.sharp * 3 + 0.5),
      peak: r4(template.prices.peak * 3 + 0.4),
      flat: r4(template.prices.flat + 0.2),
      valley: r4(template.prices.valley / 2),
      deepValley: r4(template.prices.deepValley / 2),
    };
    // A template that priced past days keeps its prices (money stays as earned): new prices are
    // a new template on /system/rate, assigned to the station from its today.
    await openInApp(page, '/system/rate');
    await page.getByTestId('rate-add').click();
    await dialogSettled(page);
    const dialog = page.getByTestId('rate-form');
    await dialog.getByTestId('rate-code').fill(NEW_CODE);
    await dialog.getByTestId('rate-name').fill('Journey prices');
    for (const p of TOU_PERIODS) await dialog.getByTestId(`rate-price-${p}`).fill(String(next[p]));
    await screenshot(page, 'rates-add');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByTestId('rate-stations').click();
    const drawer = page.getByTestId('station-rates');
    await drawer.getByTestId('station-rates-list').waitFor();
    await chooseOption(page, 'station-rates-template', NEW_CODE);
    await drawer.getByTestId('station-rates-save').click();
    await drawer.getByTestId('station-rates-list').locator('.ant-list-item', { hasText: NEW_CODE }).waitFor();
    const saved = await apiData<RateStationTemplates>(page, '/business/rate/station', { stationId });
    const prices = saved.templates.find((t) => t.id === saved.currentId)?.prices;
    if (!prices || saved.templates.find((t) => t.id === saved.currentId)?.code !== NEW_CODE) {
      throw new Error('the new template does not price today');
    }

    const after = await homeAndEnergy(page, stationId);
    expect(after.shown).toBeCloseTo(revenueOf(after.day, prices), 2);
    // The same energy under the old prices would read differently: the change is the prices'.
    expect(revenueOf(after.day, prices)).not.toBeCloseTo(revenueOf(after.day, template.prices), 2);
    await screenshot(page, 'rates-home-after');

    // The month's statement prices today's energy at the new template's prices, shows what the
    // API says, and exports as PDF and Excel.
    const month = after.day.date.slice(0, 7);
    await openInApp(page, STATEMENT);
    const shown = await statementShown(page, stationId, month);
    const newPrices = new Set(TOU_PERIODS.map((p) => prices[p]));
    expect(shown.row.periods.some((l) => l.price !== null && newPrices.has(l.price))).toBe(true);
    await page.getByTestId('statement-table').locator('.ant-table-row-expand-icon').first().click();
    const lines = page.getByTestId(`statement-periods-${stationId}`);
    await lines.waitFor();
    const priced = shown.row.periods.find((l) => l.price !== null && newPrices.has(l.price));
    expect(await lines.innerText()).toContain(priced?.price?.toFixed(4));
    await screenshot(page, 'rates-statement');
    for (const [label, magic] of [
      ['PDF', '%PDF-'],
      ['Excel', 'PK'],
    ] as const) {
      const file = page.waitForEvent('download');
      await hoverUntil(
        page,
        page.getByTestId('statement-export'),
        page.locator('.ant-dropdown-menu-item', { hasText: label }),
      );
      await page.locator('.ant-dropdown-menu-item', { hasText: label }).click();
      const bytes = await downloadBytes(await file);
      expect(bytes.subarray(0, magic.length).toString('latin1')).toBe(magic);
    }
    expect(consoleErrors).toEqual([]);
  });
});
