/**
 * Wall-scale live data (issue 25 part 6): a dashboard's point table of a whole plant, 20,000
 * points updating at 1 Hz, in Debian's headless Chromium against the built app served by the
 * real server:
 *   - a station of --devices devices × --points points, each device publishing all its points
 *     once a second over MQTT (bench/ingest-load.ts, a process of its own) through the platform's
 *     ingest and live socket, as a plant does;
 *   - signed in as admin, a dashboard with one point table of that station, opened at 1920 px;
 *   - for --seconds: every frame interval and long frame (frame-recorder.ts), the values the
 *     page's socket received (updatesPerSec), the JS heap after a forced garbage collection at
 *     the start and the end (heapGrowthMb), the list scrolled now and then as a reader does.
 *
 *   npm run bench:screen -- --json [--devices 400] [--points 50] [--seconds 600] [--db pglite|postgres]
 *
 * Goal (issue 25): 20,000 points, p99 frame ≤ 50 ms, heap growth ≤ 20 MB over 10 minutes.
 * Uses apps/web/dist, built first when missing.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type DashboardWidget, dashboardApi, liveServerMessage } from '@ess/contract';
import { buildApp } from '../apps/server/src/app';
import { seedDatabase } from '../apps/server/src/db/seed';
import { launchBrowser } from '../e2e/support/browser';
import { apiData, signedInHome } from '../e2e/support/journey';
import { BENCH_ADMIN_PASSWORD, inProcessEnv } from './bench-session';
import { frameSummary, startRecording, stopRecording } from './frame-recorder';
import { createBenchStation, openBenchDatabase } from './ingest-setup';
import { nextJson, startLoad } from './load-process';
import { benchMachine } from './machine';
import { sized } from './smoke';
import { ensureWebBuild } from './web-build';

const { values: args } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    devices: { type: 'string', default: sized('400', '10') },
    points: { type: 'string', default: sized('50', '10') },
    seconds: { type: 'string', default: sized('600', '4') },
    db: { type: 'string' },
  },
});
const say = (m: string) => {
  if (!args.json) console.error(m);
};
const deviceCount = Number(args.devices);
const pointCount = Number(args.points);
const seconds = Number(args.seconds);
const dbKind = (args.db ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite')) as 'pglite' | 'postgres';
const pgUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Time for the page to take the station in and the socket's first second of values. */
const WARM_UP_S = Number(sized('10', '2'));
/** How often the reader scrolls the table to other devices. */
const SCROLL_EVERY_MS = 5_000;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

ensureWebBuild(say);

const bench = await openBenchDatabase(dbKind, pgUrl);
const runId = randomBytes(3).toString('hex');
try {
  const env = inProcessEnv();
  await seedDatabase(bench.database.db, env, { info: () => {}, warn: () => {} });
  say(`setting up ${deviceCount} devices × ${pointCount} points on ${bench.label}…`);
  const station = await createBenchStation(bench.database, deviceCount, pointCount);
  const app = await buildApp({ env, database: bench.database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const base = `http://127.0.0.1:${port}`;
  await app.telemetry?.registry.reload();
  const stationId = (
    await bench.database.db.query.stations.findFirst({ where: (s, { eq }) => eq(s.code, station.code) })
  )?.id;
  if (!stationId) throw new Error('bench station missing');

  // Every device publishes all its points once a second for the whole run.
  const configFile = path.join(tmpdir(), `ess-screen-load-${runId}.json`);
  const load = startLoad(
    {
      url: `mqtt://127.0.0.1:${app.telemetry?.broker?.port}`,
      stationCode: station.code,
      devices: station.devices.map((d) => ({ sn: d.sn, password: d.password })),
      codes: station.codes,
      seconds: WARM_UP_S + seconds + 30,
      inflight: 2,
      rate: 1,
      resultFile: path.join(tmpdir(), `ess-screen-acked-${runId}.json`),
    },
    configFile,
  );
  await nextJson<{ ready: boolean }>(load.lines);
  rmSync(configFile, { force: true });

  const { browser, close } = await launchBrowser();
  try {
    const { page, consoleErrors } = await signedInHome(browser, base, 'admin', BENCH_ADMIN_PASSWORD, 1920);
    await page.setViewportSize({ width: 1920, height: 1080 });
    const widgets: DashboardWidget[] = [{ key: 'plant', kind: 'points', stationId, w: 12, h: 6 }];
    const { id } = await apiData<{ id: number }>(page, dashboardApi.dashboardAdd.path, { name: 'Plant', widgets });

    // Values the page's socket received, by second.
    let values = 0;
    page.on('websocket', (ws) =>
      ws.on('framereceived', (frame) => {
        if (typeof frame.payload !== 'string') return;
        const msg = liveServerMessage.safeParse(JSON.parse(frame.payload));
        if (msg.success && msg.data.type === 'latest') values += Object.keys(msg.data.values).length;
        if (msg.success && msg.data.type === 'snapshot')
          values += msg.data.devices.reduce((s, d) => s + Object.keys(d.values).length, 0);
      }),
    );
    await page.goto(`/surveillance/dashboard?id=${id}`);
    const count = page.getByTestId('widget-points-count');
    await count.and(page.locator(`[data-count="${deviceCount * pointCount}"]`)).waitFor({ timeout: 60_000 });
    // The devices start once the page shows their table: the whole window has them publishing.
    load.child.stdin?.write('go\n');
    say(`the table shows ${deviceCount * pointCount} points; warming up ${WARM_UP_S} s…`);
    await pause(WARM_UP_S * 1000);

    const cdp = await page.context().newCDPSession(page);
    const heapMb = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize / 2 ** 20;
    };
    const heapStart = await heapMb();
    const list = page.getByTestId('widget-points-list');
    const box = await list.boundingBox();
    if (!box) throw new Error('no point list');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    say(`measuring ${seconds} s…`);
    const values0 = values;
    const t0 = performance.now();
    await startRecording(page);
    for (let next = SCROLL_EVERY_MS; performance.now() - t0 < seconds * 1000; next += SCROLL_EVERY_MS) {
      await pause(Math.max(0, Math.min(next, seconds * 1000) - (performance.now() - t0)));
      // Down the plant and back up now and then: other devices' rows are drawn.
      await page.mouse.wheel(0, (next / SCROLL_EVERY_MS) % 8 < 4 ? 2_400 : -2_400);
    }
    const rec = await stopRecording(page);
    const elapsedS = (performance.now() - t0) / 1000;
    const received = values - values0;
    const heapEnd = await heapMb();
    const shown = Number(await count.getAttribute('data-count'));

    load.child.kill('SIGTERM');
    const round1 = (v: number) => Math.round(v * 10) / 10;
    const { p99FrameMs, ...frames } = frameSummary(rec);
    const result = {
      points: shown,
      devices: deviceCount,
      updatesPerSec: Math.round(received / elapsedS),
      p99FrameMs,
      longTasks: frames.longFrames.count,
      heapGrowthMb: round1(heapEnd - heapStart),
      heapStartMb: round1(heapStart),
      heapEndMb: round1(heapEnd),
      ...frames,
      seconds: Math.round(elapsedS),
      consoleErrors: consoleErrors.length,
      db: dbKind,
      database: bench.label,
      machine: benchMachine(),
    };
    console.log(args.json ? JSON.stringify(result) : JSON.stringify(result, null, 2));
    if (!args.json && consoleErrors.length) console.error(consoleErrors.join('\n'));
  } finally {
    await close();
    load.child.kill('SIGTERM');
    await app.close();
  }
} finally {
  await bench.drop();
}
