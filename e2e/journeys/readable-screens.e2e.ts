import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { newSession, screenshot } from '../support/browser';
import { apiData, openInApp, signedInHome, waitForPath } from '../support/journey';
import { ADMIN_PASSWORD } from '../support/platform';
import { journeySuite } from '../support/suite';

/**
 * Issue 11, "screens an operator can read": the home KPIs whole at every width, the energy left
 * to discharge and the time to the SOC limit, device names in the interface's language, daily
 * tables newest first with empty days collapsed, history opened on its data, and the warning
 * marks of values past their limits (a cell of one rack overcharged by SIMULATOR_FAULTS).
 * A day and a half of history: the week's preset starts mostly empty, and days without data
 * precede the days with it in this month's tables.
 */
const FAULTY_RACK = 'JS-SZ01-BMS-1-1';
const suite = journeySuite({
  SIMULATOR_INTERVAL_S: '20',
  SIMULATOR_BACKFILL_HOURS: '36',
  SIMULATOR_FAULTS: `${FAULTY_RACK}:cellOverVoltage:86400`,
});

beforeAll(async () => {
  // The history backfill runs after the server listens; the pages read it once it is done.
  await vi.waitFor(
    () => {
      if (!suite.platform.log().includes('publishing every')) throw new Error('simulator still backfilling');
    },
    { timeout: 180_000, interval: 500 },
  );
});

const WIDTHS = [1024, 1440, 1920] as const;
const LANGS = ['zh_CN', 'en_US'] as const;
type Lang = (typeof LANGS)[number];
const HAN = /[\u4e00-\u9fff]/;

async function chooseLanguage(page: Page, lang: Lang) {
  await page.getByTestId('language-select').click();
  await page.getByTestId(`lang-${lang}`).click();
}

/**
 * What is wrong on a large screen: the page scrolls, a block is empty (no figure, chart or
 * stated empty state), a text is cut (more text than its box shows) or two blocks overlap.
 */
async function screenProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth || doc.scrollHeight > doc.clientHeight) out.push('the page scrolls');
    const root = document.querySelector('[data-testid="large-screen"]');
    const blocks = [...(root?.querySelectorAll<HTMLElement>('section') ?? [])];
    for (const b of blocks) {
      const body = b.lastElementChild as HTMLElement | null;
      const filled = (body?.innerText.trim().length ?? 0) > 0 || body?.querySelector('svg, canvas') !== null;
      if (!filled) out.push(`empty: ${b.dataset.testid}`);
    }
    for (const el of root?.querySelectorAll<HTMLElement>('*') ?? []) {
      if (el.children.length > 0 || !el.textContent?.trim()) continue;
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
        out.push(`cut: "${el.textContent.trim().slice(0, 30)}"`);
    }
    const boxes = blocks.map((b) => b.getBoundingClientRect());
    boxes.forEach((a, i) => {
      boxes.slice(i + 1).forEach((c, j) => {
        const overlap = a.left < c.right - 1 && c.left < a.right - 1 && a.top < c.bottom - 1 && c.top < a.bottom - 1;
        if (overlap) out.push(`overlap: ${blocks[i]?.dataset.testid} / ${blocks[i + j + 1]?.dataset.testid}`);
      });
    });
    return out;
  });
}

/** KPI figures whose number or unit does not fit its tile (scrolls, or sticks out of it). */
async function cutFigures(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid^="kpi-"][data-testid$="-value"]')].flatMap((el) => {
      const tile = (el.parentElement ?? el).getBoundingClientRect();
      const parts = [...el.children].map((c) => c.getBoundingClientRect());
      const outside = parts.some((r) => r.width === 0 || r.left < tile.left - 0.5 || r.right > tile.right + 0.5);
      return el.scrollWidth > el.clientWidth + 1 || outside ? [el.dataset.testid ?? '?'] : [];
    }),
  );
}

/** Home: every KPI whole, energy to discharge and time to the limit, device types in `lang`. */
async function checkHome(page: Page, lang: Lang, shot: string) {
  await openInApp(page, '/surveillance/site-homepage');
  await page.getByTestId('kpi-soc-value').filter({ hasText: /\d/ }).waitFor({ timeout: 30_000 });
  await page.getByTestId('kpi-today-revenue-value').filter({ hasText: /\d/ }).waitFor({ timeout: 30_000 });
  expect(await cutFigures(page)).toEqual([]);
  // The SOC tile says the energy left above the discharge floor; the power tile how long it lasts.
  expect(await page.getByTestId('kpi-soc-sub').innerText()).toMatch(/\d[\d,.]*\s*[kM]Wh/);
  expect((await page.getByTestId('kpi-storage-power-sub').innerText()).trim()).not.toBe('');
  const types = page.locator('[data-testid^="device-status-"]');
  await types.first().waitFor({ timeout: 30_000 });
  const heads = await types.evaluateAll((els) => els.map((e) => e.firstElementChild?.textContent ?? ''));
  expect(heads.length).toBeGreaterThan(2);
  for (const h of heads) expect(HAN.test(h), `${lang}: ${h}`).toBe(lang === 'zh_CN');
  await screenshot(page, shot);
}

/**
 * Waits for the page's chart to be drawn (its chunk loads on first use). The journeys' browser
 * asks for reduced motion, so bars are drawn whole at once: one frame more is enough.
 */
async function chartDrawn(page: Page) {
  await page.locator('.echarts-for-react canvas, .echarts-for-react svg').first().waitFor({ timeout: 30_000 });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** The dates of a daily table's rows, in the order shown (collapsed runs give their last day). */
async function shownDays(page: Page, testId: string): Promise<string[]> {
  const table = page.getByTestId(testId);
  const rows = table.locator('tbody tr.ant-table-row');
  await rows.first().waitFor({ timeout: 30_000 });
  const texts = await rows.evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
  return texts.flatMap((t) => {
    const days = t.match(/\d{4}-\d{2}-\d{2}/g);
    return days ? [days.at(-1) ?? ''] : [];
  });
}

/** History, on its battery tab: the week's chart opens on the data, read at a finer resolution. */
async function checkHistory(page: Page, shot: string) {
  await openInApp(page, '/surveillance/battery-analysis');
  await page.getByTestId('history-picker').waitFor({ timeout: 30_000 });
  const zoomed = page.locator('[data-testid="history-resolution"].ant-tag-blue');
  await zoomed.waitFor({ timeout: 30_000 });
  await chartDrawn(page);
  await screenshot(page, shot);
}

describe('screens an operator can read', () => {
  it('shows home, daily tables and history whole at 1024, 1440 and 1920 px in two languages', async () => {
    for (const width of WIDTHS) {
      const { page, consoleErrors, context } = await signedInHome(
        suite.browser,
        suite.platform.url,
        'admin',
        ADMIN_PASSWORD,
        width,
      );
      for (const lang of LANGS) {
        if (lang !== 'zh_CN') await chooseLanguage(page, lang);
        await checkHome(page, lang, `readable-home-${width}-${lang}`);

        for (const [path, testId] of [
          ['/surveillance/charge-discharge-data', 'income-table'],
          ['/surveillance/earnings-glance', 'revenue-table'],
          ['/surveillance/station-report', 'station-report-table'],
        ] as const) {
          // Inside the running app, as the menu opens it: one page load per width, not one a page.
          await openInApp(page, path);
          const days = await shownDays(page, testId);
          // Newest first, each day once: the empty days before the history are one row, not one each.
          expect(days.length, path).toBeGreaterThan(0);
          expect(days, path).toEqual([...days].sort().reverse());
          expect(new Set(days).size, path).toBe(days.length);
          expect(days.length, path).toBeLessThanOrEqual(5);
          await chartDrawn(page);
          await screenshot(page, `readable-${testId}-${width}-${lang}`);
        }
        await checkHistory(page, `readable-history-${width}-${lang}`);
      }
      expect(consoleErrors, `${width} px`).toEqual([]);
      await context.close();
    }
  }, 600_000);

  it('marks the overcharged cell of one rack, in the battery table and on its device card', async () => {
    const { page, consoleErrors } = await signedInHome(suite.browser, suite.platform.url, 'admin', ADMIN_PASSWORD);
    await page.goto('/surveillance/battery-analysis');
    await page.getByRole('tab', { name: '电池分析' }).click();
    const table = page.getByTestId('battery-units');
    await table.locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    const faulty = table.locator('tbody tr.ant-table-row', { hasText: 'BMS-1.1' });
    await faulty.locator('[data-limit="alarm"]').first().waitFor({ timeout: 60_000 });
    // Only the faulty rack is marked: the others' cells are within their limits.
    const marked = await table
      .locator('tbody tr.ant-table-row')
      .evaluateAll((rows) =>
        rows.filter((r) => r.querySelector('[data-limit="alarm"], [data-limit="warn"]')).map((r) => r.textContent),
      );
    expect(marked.length).toBe(1);
    expect(marked[0]).toContain('BMS-1.1');
    await screenshot(page, 'readable-battery-limits');

    await page.goto('/surveillance/energy-storage');
    const card = page.getByTestId(`device-card-${FAULTY_RACK}`);
    await card.waitFor({ timeout: 30_000 });
    await card.locator('[data-limit="alarm"]').first().waitFor({ timeout: 30_000 });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'readable-device-card-limits');
    expect(consoleErrors).toEqual([]);
  }, 180_000);

  it('shows the fleet on a large screen at 1920 × 1080 and 1366 × 768, every block filled, no text cut', async () => {
    // The menu opens a large screen with a one-time screen token; the window signs in with it.
    const { page: owner } = await signedInHome(suite.browser, suite.platform.url, 'admin', ADMIN_PASSWORD);
    const { token } = await apiData<{ token: string }>(owner, '/sys/token/applyLargeScreenToken', {});
    const { page, consoleErrors } = await newSession(suite.browser, suite.platform.url, 1920);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`/screen?token=${encodeURIComponent(token)}`);
    await page.getByTestId('large-screen').waitFor({ timeout: 30_000 });
    await waitForPath(page, '/screen');
    const kpi = (key: string) => page.getByTestId(`screen-kpi-${key}-value`);
    await kpi('stations').filter({ hasText: /^\d+$/ }).waitFor({ timeout: 30_000 });
    // Today's energy of the simulated history: known (a figure, not "-").
    await kpi('charge').filter({ hasText: /\d/ }).waitFor({ timeout: 30_000 });
    await kpi('carbon').filter({ hasText: /\d/ }).waitFor({ timeout: 60_000 });

    for (const [width, height] of [
      [1920, 1080],
      [1366, 768],
    ] as const) {
      await page.setViewportSize({ width, height });
      await expect
        .poll(() => page.getByTestId('large-screen').locator('> div').getAttribute('data-scale'))
        .toBe(Math.min(width / 1920, height / 1080).toFixed(3));
      expect(await screenProblems(page), `fleet at ${width} × ${height}`).toEqual([]);
      await screenshot(page, `large-screen-fleet-${width}`);
    }

    // Down to a station from the list (markers of near stations overlap at the country's scale).
    const entry = page.getByTestId('screen-stations').locator('[data-testid^="screen-station-"]').first();
    const stationId = Number((await entry.getAttribute('data-testid'))?.replace('screen-station-', ''));
    await entry.getByRole('button').click();
    await page.getByTestId('screen-station-flow').waitFor();
    await page.getByTestId('flow-value-load').filter({ hasText: /\d/ }).waitFor({ timeout: 30_000 });
    await page
      .getByTestId('screen-station-devices')
      .filter({ hasText: /\d+ \/ \d+/ })
      .waitFor({ timeout: 30_000 });
    expect(page.url()).toContain(`#/station/${stationId}`);
    // Today's curve drawn (its chart's code loads on first use), or its stated empty day.
    const curve = page.getByTestId('screen-station-curve');
    await expect
      .poll(async () => (await curve.locator('svg').count()) + (await curve.innerText()).split('\n').length, {
        timeout: 30_000,
      })
      .toBeGreaterThan(1);
    for (const [width, height] of [
      [1920, 1080],
      [1366, 768],
    ] as const) {
      await page.setViewportSize({ width, height });
      expect(await screenProblems(page), `station at ${width} × ${height}`).toEqual([]);
      await screenshot(page, `large-screen-station-${width}`);
    }
    await page.getByTestId('screen-up').click();
    await expect.poll(() => page.url()).toMatch(/#\/province\/\d{2}$/);
    await page.getByTestId('screen-map').waitFor();
    // The window is read-only: a call a screen does not make is refused.
    const refused = await page.evaluate(async () => {
      const r = await fetch('/api/sys/user/page', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('ess_token')}` },
        body: '{}',
      });
      return r.status;
    });
    expect(refused).toBe(403);
    expect(consoleErrors.filter((e) => !e.includes('403'))).toEqual([]);
  }, 240_000);
});
