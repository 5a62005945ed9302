/**
 * History chart benchmark (issue: "the history chart stays responsive — no frame over 100 ms
 * while zooming — with 50 series of 1,000 buckets"). Against the built app served by the real
 * server, in Debian's headless Chromium:
 *   - signs in as admin, saves a curve set of 50 indicators of station 1 through the API and
 *     applies it on the history page (/surveillance/battery-analysis);
 *   - answers every curve request (`dynamicRealtimeCurve`, overview and zoom detail) with
 *     synthetic data through `page.route`: 1,000 buckets per series with a min/max band, shaped
 *     like a station's curves (power following a charge/discharge schedule, SOC, voltages,
 *     currents, temperatures), so the figure does not depend on the simulator's stored history;
 *   - zooms with the mouse wheel over the plot and drags the dataZoom slider (`--steps`, 30 by
 *     default), pausing now and then so the page fetches and merges the finer detail as a user's
 *     zoom does, while the page records every frame interval (requestAnimationFrame loop) and
 *     the long animation frames (PerformanceObserver 'long-animation-frame', else 'longtask').
 *
 *   npm run bench:chart -- --json [--steps 30] [--band] [--profile zoom.cpuprofile] [--screenshot end.png]
 *
 * `--band` switches the min/max bands on (off by default above 10 series); `--profile` writes a
 * CPU profile of the zoom phase (open it in Chrome DevTools). Uses WEB_DIST when set (the
 * platform serves that build), else apps/web/dist, built first when missing.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Page, Route } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser';
import { apiData, signedInHome } from '../e2e/support/journey';
import { ADMIN_PASSWORD, startPlatform } from '../e2e/support/platform';
import { frameSummary, startRecording, stopRecording } from './frame-recorder';
import { benchMachine } from './machine';
import { sized } from './smoke';
import { ensureWebBuild } from './web-build';

const { values: args } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    steps: { type: 'string', default: sized('30', '3') },
    band: { type: 'boolean', default: false },
    profile: { type: 'string' },
    screenshot: { type: 'string' },
  },
});
const say = (m: string) => {
  if (!args.json) console.error(m);
};

const SERIES = 50;
const BUCKETS = 1000;
const STATION_ID = 1;
const SET_NAME = 'bench 50 indicators';
const PAGE = '/surveillance/battery-analysis';
const STEPS = Math.max(3, Number(args.steps) || 30);

// ---- The web build the platform serves ----

if (process.env.WEB_DIST) {
  const webDist = path.resolve(process.env.WEB_DIST);
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`WEB_DIST=${webDist} has no index.html: build into it first`);
  }
} else ensureWebBuild(say);

// ---- Synthetic curves ----

type Point = { deviceId: number; code: string; name: string; unit: string | null };
type CurveBody = { stationId: number; items: { deviceId: number; code: string }[]; from?: number; to?: number };

/** A deterministic value in [0, 1) for a (series, time) pair: the curves' noise. */
const noise = (i: number, t: number): number => {
  let h = (Math.imul(i + 1, 0x9e3779b1) ^ Math.floor(t / 60_000)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
};

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Charge at night, discharge in the morning and evening peaks, ramps in between (−1 … 1). */
const schedule = (t: number): number => {
  const h = ((((t + 8 * HOUR) % DAY) + DAY) % DAY) / HOUR;
  const ramp = (a: number, b: number) => Math.max(0, Math.min(1, (h - a) / 0.5, (b - h) / 0.5));
  return -0.9 * ramp(0, 6) + ramp(9, 11.5) + 0.85 * ramp(18, 21);
};

/** A value shaped like the unit's real curves: power by the schedule, SOC, volts, amps, °C. */
function value(i: number, unit: string | null, t: number): number {
  const n = noise(i, t) - 0.5;
  const scale = 1 + (i % 7) * 0.15;
  const day = Math.sin(((t % DAY) / DAY) * 2 * Math.PI);
  switch (unit) {
    case 'kW':
    case 'kVar':
    case 'kVA':
      return 250 * scale * schedule(t) + 12 * n;
    case 'A':
      return 360 * scale * schedule(t) + 15 * n;
    case '%':
      return 55 - 35 * Math.sin(((((t + 8 * HOUR) % DAY) / DAY) * 2 - 0.1) * Math.PI) + 0.5 * n;
    case 'V':
      // DC bus and cluster voltages, or cell voltages.
      return (i % 3 === 0 ? 3.3 : 760) * (1 + 0.02 * schedule(t) + 0.004 * n);
    case '°C':
    case '℃':
      return 24 + 6 * day + 3 * Math.abs(schedule(t)) + 0.6 * n;
    case 'Hz':
      return 50 + 0.05 * n;
    case 'kWh':
      return 10_000 + (t / HOUR) * 40 * scale;
    default:
      return 100 * scale * (0.6 + 0.4 * day) + 5 * n;
  }
}

/** The curve answer for a request: BUCKETS buckets over its range, each with a min/max band. */
function curves(body: CurveBody, points: Map<string, Point>): unknown {
  const to = body.to ?? Date.now();
  const from = body.from ?? to - DAY;
  const step = Math.max(1, Math.floor((to - from) / BUCKETS));
  const series = body.items.map((item, i) => {
    const p = points.get(`${item.deviceId}:${item.code}`);
    const unit = p?.unit ?? null;
    const data: [number, number][] = [];
    const band: [number, number, number][] = [];
    for (let k = 0; k < BUCKETS; k++) {
      const t = from + k * step;
      const v = value(i, unit, t);
      const spread = Math.abs(v) * 0.03 * (0.3 + noise(i + 97, t)) + 0.01;
      const round = (x: number) => Math.round(x * 1000) / 1000;
      data.push([t, round(v)]);
      band.push([t, round(v - spread), round(v + spread * 1.2)]);
    }
    return {
      deviceId: item.deviceId,
      code: item.code,
      name: p?.name ?? item.code,
      unit,
      resolution: step >= HOUR ? '1h' : step >= 15 * 60_000 ? '15m' : 'raw',
      bucketMs: step >= 15 * 60_000 ? step : null,
      data,
      band,
    };
  });
  return { code: 200, msg: '', data: { from, to, series } };
}

// ---- The page ----

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Zoom gestures over the chart: wheel in at a point of the plot, drag the slider's window left
 * and right, wheel out. A pause after some steps lets the zoom settle, so the page fetches the
 * window's detail and merges it into the chart as it does for a user.
 */
async function zoom(page: Page, steps: number): Promise<void> {
  const box = await page.getByTestId('history-chart').locator('canvas').first().boundingBox();
  if (!box) throw new Error('no chart canvas');
  // The value under the pointer stays under it while the wheel zooms, and the slider spans the
  // plot's width, so the slider's window always holds this x.
  const x = box.x + box.width * 0.55;
  const y = box.y + box.height * 0.45;
  const sliderY = box.y + box.height - 12 - 11;
  const wheelIn = Math.ceil(steps * 0.4);
  const drags = Math.ceil(steps * 0.3);
  const wheelOut = Math.max(0, steps - wheelIn - drags);
  await page.mouse.move(x, y);
  for (let i = 0; i < wheelIn; i++) {
    await page.mouse.wheel(0, -120);
    await pause(i % 4 === 3 ? 700 : 120);
  }
  for (let i = 0; i < drags; i++) {
    const dir = i % 2 === 0 ? 1 : -1;
    await page.mouse.move(x, sliderY);
    await page.mouse.down();
    for (let m = 1; m <= 8; m++) {
      await page.mouse.move(x + dir * m * 10, sliderY);
      await pause(30);
    }
    await page.mouse.up();
    await pause(i % 2 === 1 ? 700 : 200);
  }
  await page.mouse.move(x, y);
  for (let i = 0; i < wheelOut; i++) {
    await page.mouse.wheel(0, 120);
    await pause(i % 4 === 3 ? 700 : 120);
  }
  // The last zoom settles and its detail is drawn.
  await pause(1500);
}

const platform = await startPlatform({ SIMULATOR_BACKFILL_HOURS: '0' });
const { browser, close } = await launchBrowser();
try {
  const { page, consoleErrors } = await signedInHome(browser, platform.url, 'admin', ADMIN_PASSWORD);

  // 50 indicators of station 1, spread over its devices (round robin), saved as a curve set.
  type Catalogue = {
    srcId: number;
    deviceName: string;
    deviceTypeColList: { col: string; colName: string; unit: string | null; kind: string }[];
  }[];
  const catalogue = await apiData<Catalogue>(page, '/business/point/queryPoint', {
    stationId: STATION_ID,
    srcId: null,
    sensType: 0,
  });
  const perDevice = catalogue.map((d) =>
    d.deviceTypeColList
      .filter((c) => c.kind === 'telemetry')
      .map((c) => ({ deviceId: d.srcId, code: c.col, name: c.colName, unit: c.unit })),
  );
  const chosen: Point[] = [];
  for (let round = 0; chosen.length < SERIES && perDevice.some((l) => l.length > round); round++)
    for (const list of perDevice) {
      const p = list[round];
      if (p && chosen.length < SERIES) chosen.push(p);
    }
  if (chosen.length < SERIES) throw new Error(`station ${STATION_ID} has only ${chosen.length} telemetry points`);
  const points = new Map(chosen.map((p) => [`${p.deviceId}:${p.code}`, p]));
  await apiData(page, '/business/hisCurveRelate/add', {
    stationId: STATION_ID,
    name: SET_NAME,
    items: chosen.map(({ deviceId, code }) => ({ deviceId, code })),
  });

  // Every curve request of the page gets synthetic data.
  const served = { overview: 0, detail: 0, stations: new Set<number>() };
  let overviewSpan = 0;
  await page.route('**/api/business/openStation/dynamicRealtimeCurve', async (route: Route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as CurveBody;
    served.stations.add(body.stationId);
    const span = (body.to ?? 0) - (body.from ?? 0);
    if (body.items.length === SERIES) {
      if (span >= overviewSpan) {
        overviewSpan = span;
        served.overview++;
      } else served.detail++;
    }
    await route.fulfill({ contentType: 'application/json', body: JSON.stringify(curves(body, points)) });
  });

  await page.goto(PAGE);
  await page.getByTestId('history-picker').waitFor({ timeout: 30_000 });
  await page.getByTestId('history-sets').click();
  await page.locator('.ant-select-item-option', { hasText: SET_NAME }).click();
  await page
    .getByTestId('history-count')
    .filter({ hasText: `${SERIES} / ${SERIES}` })
    .waitFor();
  await page
    .getByTestId('history-indicators')
    .locator('tbody tr')
    .nth(SERIES - 1)
    .waitFor({ timeout: 30_000 });
  if (!served.stations.has(STATION_ID)) throw new Error(`the page shows another station than ${STATION_ID}`);
  if (args.band) {
    await page.getByRole('switch').first().click();
  }
  await page.getByTestId('history-chart').locator('canvas').first().waitFor();
  await pause(2000);

  const cdp = args.profile ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  await startRecording(page);
  await zoom(page, STEPS);
  const rec = await stopRecording(page);
  if (cdp && args.profile) {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(args.profile, JSON.stringify(profile));
  }

  if (args.screenshot) await page.screenshot({ path: args.screenshot });

  const result = {
    series: SERIES,
    buckets: BUCKETS,
    band: args.band,
    zoomSteps: STEPS,
    ...frameSummary(rec),
    curveRequests: { overview: served.overview, detail: served.detail },
    consoleErrors: consoleErrors.length,
    machine: benchMachine(),
  };
  console.log(args.json ? JSON.stringify(result) : JSON.stringify(result, null, 2));
  if (!args.json && consoleErrors.length) console.error(consoleErrors.join('\n'));
} finally {
  await close();
  await platform.stop();
}
