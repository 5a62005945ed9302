import { localDateOf, localDateTime, localDayStart } from '@ess/contract';
import { connectAsync, type MqttClient } from 'mqtt';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { newSession, screenshot } from '../support/browser';
import { apiData, downloadText, openInApp, signIn, waitForPath } from '../support/journey';
import { ADMIN_PASSWORD } from '../support/platform';
import { journeySuite } from '../support/suite';

/**
 * Issue 11, "one station clock everywhere": the browser runs on UTC, the station on UTC+8. The
 * test is the station's gateway meter and reports one event at a known station-local time; the
 * home power curve, history, power quality and the history export all show it at that same
 * station clock time, labelled with the station's zone. Without the simulator nothing else
 * reports, so the event is the only sample of its points.
 */
const suite = journeySuite({ SIMULATOR: 'off' });

const STATION = 'JS-SZ01';
const GATEWAY = `${STATION}-MTR-GW`;
const BROWSER_ZONE = 'UTC';
const QUARTER = 900_000;
const WIDTHS = [1024, 1440, 1920] as const;

type Lang = 'zh' | 'en';
const TEXT = {
  zh: { device: '关口表', point: '有功功率', clear: '清空', time: '时间', start: '开始时间' },
  en: { device: 'Gateway meter', point: 'Active power', clear: 'Clear', time: 'Time', start: 'Start' },
} as const;

type TreeNode = { id: number; sn: string; children?: TreeNode[] };
const flatten = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
type StationTree = { children: { id: number; code: string; timezone: string }[] }[];

/** CSV lines split into cells (quoted cells unquoted: the time header holds a comma). */
const csvRows = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((l) => (l.match(/"(?:[^"]|"")*"|[^,]+|(?<=,|^)(?=,|$)/g) ?? []).map((c) => c.replace(/^"|"$/g, '')));

/** The event: a quarter hour of today on the station's clock, before now (set by the first journey). */
const event = { at: 0, zone: '', text: '' };
let device: MqttClient | null = null;
afterAll(async () => {
  await device?.endAsync(true);
});

/** A session whose browser runs on UTC, in `lang`, signed in as admin on the home page. */
async function session(lang: Lang, width: number) {
  const s = await newSession(suite.browser, suite.platform.url, width, { timezoneId: BROWSER_ZONE });
  if (lang === 'en') await s.context.addInitScript(() => sessionStorage.setItem('ess.lang', 'en_US'));
  await s.page.goto('/login');
  await signIn(s.page, 'admin', ADMIN_PASSWORD);
  await waitForPath(s.page, '/surveillance/site-homepage');
  await s.page.getByTestId('site-home').waitFor();
  return s;
}

/** Hovers the middle of a chart until its tooltip (by class) shows, and returns the tooltip's text. */
async function tooltipOf(page: Page, chart: ReturnType<Page['getByTestId']>, tooltipClass: string) {
  await chart.scrollIntoViewIfNeeded();
  const box = await chart.boundingBox();
  if (!box) throw new Error(`no chart for ${tooltipClass}`);
  const tip = page.locator(`.${tooltipClass}`);
  for (let i = 0; i < 20; i++) {
    await page.mouse.move(box.x + box.width * (0.45 + i * 0.01), box.y + box.height / 2);
    if (await tip.isVisible()) break;
    await page.waitForTimeout(200);
  }
  await tip.waitFor({ state: 'visible', timeout: 5_000 });
  return tip.innerText();
}

/** The station's clock in the navbar: its time and the offset beside it. */
async function checkClock(page: Page) {
  await expect.poll(() => page.getByTestId('clock-zone').textContent()).toBe('UTC+08:00');
  const shown = ((await page.getByTestId('clock').textContent()) ?? '').slice(0, 5);
  const now = Date.now();
  // The station's HH:mm now (or a minute ago, should the minute have turned in between).
  expect([now, now - 60_000].map((t) => localDateTime(t, event.zone).slice(11, 16))).toContain(shown);
}

async function checkHome(page: Page, name: string) {
  const block = page.getByTestId('home-power-curve');
  await block.locator('.echarts-for-react svg').first().waitFor({ timeout: 30_000 });
  expect(await block.getByTestId('station-zone').textContent()).toBe('UTC+08:00');
  const tip = await tooltipOf(page, block.locator('.echarts-for-react'), 'power-curve-tooltip');
  // The curve's one 15-minute average is the event's quarter hour, on the station's clock.
  expect(tip).toContain(event.text.slice(11, 16));
  expect(tip).toContain('-123.4');
  await screenshot(page, name);
}

// Pages are opened inside the running app, as the menu does: one page load per session.
async function checkHistory(page: Page, lang: Lang, name: string, exportCsv: boolean) {
  await openInApp(page, '/surveillance/battery-analysis');
  const picker = page.getByTestId('history-picker');
  await picker.waitFor({ timeout: 30_000 });
  await page.getByTestId('history-count').filter({ hasText: '2 / 50' }).waitFor();
  await picker.getByRole('button', { name: TEXT[lang].clear }).click();
  await picker.locator('input').first().fill(TEXT[lang].device);
  await picker
    .locator('.ant-tree-treenode', { hasText: TEXT[lang].point })
    .first()
    .locator('.ant-tree-checkbox')
    .click();
  await page.getByTestId('history-count').filter({ hasText: '1 / 50' }).waitFor();
  const chart = page.getByTestId('history-chart');
  await chart.locator('canvas').first().waitFor({ timeout: 30_000 });
  expect(await page.getByTestId('station-zone').first().textContent()).toBe('UTC+08:00');
  const tip = await tooltipOf(page, chart, 'history-chart-tooltip');
  expect(tip).toContain(event.text);
  await screenshot(page, name);
  if (!exportCsv) return;

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    (async () => {
      await page.getByTestId('history-export').hover();
      await page.locator('.ant-dropdown-menu-item').first().click();
    })(),
  ]);
  const [head, ...rows] = csvRows(await downloadText(download));
  expect(head?.[0]).toBe(`${TEXT[lang].time} (Asia/Shanghai, UTC+08:00)`);
  // The event's row: the same station clock time, the same value.
  const row = rows.find((r) => r[0] === event.text);
  expect(row, JSON.stringify(rows.slice(0, 3))).toBeDefined();
  expect(Number(row?.[1])).toBeCloseTo(-123.4, 3);
}

async function checkPowerQuality(page: Page, lang: Lang, name: string) {
  await openInApp(page, '/surveillance/power-quality');
  const table = page.getByTestId('pq-excursions');
  // Phase A at 260.5 V from the event on: an excursion above the limit, starting at its time.
  await table.locator('tbody tr.ant-table-row', { hasText: event.text }).first().waitFor({ timeout: 30_000 });
  expect(await table.locator('thead').innerText()).toContain(`${TEXT[lang].start} (UTC+08:00)`);
  expect(await page.getByTestId('station-zone').first().textContent()).toBe('UTC+08:00');
  await screenshot(page, name);
}

describe('one station clock everywhere (browser on UTC, station on UTC+8)', () => {
  it('shows the event at the same station clock time on home, history, power quality and the CSV export', async () => {
    const { page, consoleErrors } = await session('zh', 1440);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(BROWSER_ZONE);
    const tree = await apiData<StationTree>(page, '/business/station', {});
    const station = tree.flatMap((p) => p.children).find((s) => s.code === STATION);
    if (!station) throw new Error(`${STATION} not found`);
    event.zone = station.timezone;
    expect(event.zone).toBe('Asia/Shanghai');
    expect(Number(await page.evaluate(() => localStorage.getItem('ess.stationId')))).toBe(station.id);

    // The event: the last whole quarter hour but one, within the station's today.
    const now = Date.now();
    const dayStart = localDayStart(localDateOf(now, event.zone), event.zone);
    event.at = Math.max(dayStart, Math.floor(now / QUARTER) * QUARTER - QUARTER);
    event.text = localDateTime(event.at, event.zone);
    // The browser's own clock reads the same instant 8 hours earlier: what the screens must not show.
    const browserText = await page.evaluate((t) => new Date(t).toTimeString().slice(0, 5), event.at);
    expect(browserText).not.toBe(event.text.slice(11, 16));

    // New credentials: the test is the gateway meter now.
    const devices = flatten(
      await apiData<TreeNode[]>(page, '/business/device/treeTrueDevices', { stationId: station.id }),
    );
    const meter = devices.find((n) => n.sn === GATEWAY);
    if (!meter) throw new Error(`${GATEWAY} not found`);
    const creds = await apiData<{ username: string; password: string }>(page, '/business/device/credentials', {
      deviceId: meter.id,
    });
    const port = /MQTT broker listening on mqtt:\/\/[\d.]+:(\d+)/.exec(suite.platform.log())?.[1];
    device = await connectAsync(`mqtt://127.0.0.1:${port}`, {
      ...creds,
      clientId: creds.username,
      protocolVersion: 4,
      reconnectPeriod: 0,
    });
    const topic = `ess/${STATION}/${GATEWAY}/telemetry`;
    const publish = (ts: number, values: Record<string, number>) =>
      device?.publishAsync(topic, JSON.stringify({ ts, values }), { qos: 1 });
    // Grid power −123.4 kW and phase A at 260.5 V (above 246.1 V); back to normal a quarter later
    // (or a minute later, right after the station's midnight), so the excursion ends.
    await publish(event.at, { p: -123.4, ua: 260.5, ub: 230.2, uc: 229.8, freq: 50.01 });
    const back = event.at + QUARTER <= Date.now() + 240_000 ? event.at + QUARTER : event.at + 60_000;
    await publish(back, { ua: 230.4, ub: 230.1, uc: 230, freq: 50 });

    await page.reload();
    await page.getByTestId('site-home').waitFor();
    await checkClock(page);
    await checkHome(page, 'station-clock-home-zh-1440');
    await checkHistory(page, 'zh', 'station-clock-history-zh-1440', true);
    await checkPowerQuality(page, 'zh', 'station-clock-power-quality-zh-1440');
    expect(consoleErrors).toEqual([]);
  }, 180_000);

  for (const lang of ['zh', 'en'] as const) {
    it(`keeps the station clock at ${WIDTHS.join(', ')} px in ${lang}`, async () => {
      expect(event.at).toBeGreaterThan(0);
      for (const width of WIDTHS) {
        if (lang === 'zh' && width === 1440) continue;
        const { page, context, consoleErrors } = await session(lang, width);
        // The interface language took: the power curve block's English title.
        if (lang === 'en') await page.getByTestId('home-power-curve').getByText('Today’s power').waitFor();
        // Narrow screens fold the date away; the time and its zone stay.
        await checkClock(page);
        await checkHome(page, `station-clock-home-${lang}-${width}`);
        await checkHistory(page, lang, `station-clock-history-${lang}-${width}`, lang === 'en' && width === 1920);
        await checkPowerQuality(page, lang, `station-clock-power-quality-${lang}-${width}`);
        expect(consoleErrors, `${lang} ${width}`).toEqual([]);
        await context.close();
      }
    }, 420_000);
  }
});
