import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { apiData, openInApp, pickStation, signedInHome } from '../support/journey';
import { ADMIN_PASSWORD } from '../support/platform';
import { journeySuite } from '../support/suite';

/**
 * Issue 11: the numbers of the energy flow add up as drawn. On the home page, import + PV +
 * discharge = other load + piles + charge + export; on the PCS topology, what the gateway, PV
 * and storage bring onto the bus equals what the load meter and charging take from it.
 */
const suite = journeySuite();

const adminHome = (width: number) => signedInHome(suite.browser, suite.platform.url, 'admin', ADMIN_PASSWORD, width);

/** kW of a power as shown ("1,043.3 kW", "-75.0 kW", "12.3 MW"), and half its last digit; null for "-". */
function shownKw(text: string): { kw: number; half: number } | null {
  const m = /(-?[\d,]+(?:\.\d+)?)\s*(kW|MW)/.exec(text);
  if (!m?.[1]) return null;
  const value = Number(m[1].replaceAll(',', ''));
  const decimals = m[1].split('.')[1]?.length ?? 0;
  const scale = m[2] === 'MW' ? 1000 : 1;
  return { kw: value * scale, half: (0.5 * scale) / 10 ** decimals };
}

const NODES = ['grid', 'pv', 'storage', 'load', 'charger'] as const;
type FlowReading = {
  nodes: Record<(typeof NODES)[number], { text: string; direction: string }>;
  totalLoad: string;
  balanced: string | null;
  balanceText: string;
};

/** The diagram's numbers, directions and balance line, read at one instant. */
const readFlow = (page: Page): Promise<FlowReading> =>
  page.evaluate((nodes) => {
    const q = (id: string) => document.querySelector(`[data-testid="${id}"]`);
    const entries = nodes.map((n) => {
      const line = q(n === 'storage' ? 'flow-storage' : `flow-line-${n}`);
      const raw = line?.getAttribute('data-direction') ?? '';
      // The storage line names its state; the others which way they run.
      const direction = raw === 'discharge' ? 'toBus' : raw === 'charge' ? 'fromBus' : raw;
      return [n, { text: q(`flow-value-${n}`)?.textContent ?? '', direction }];
    });
    return {
      nodes: Object.fromEntries(entries),
      totalLoad: q('flow-state-load')?.textContent ?? '',
      balanced: q('flow-balance')?.getAttribute('data-balanced') ?? null,
      balanceText: q('flow-balance')?.textContent ?? '',
    } as FlowReading;
  }, NODES);

/**
 * What the diagram shows flowing in and out of the bus, by each line's direction and shown
 * magnitude. An idle line (below the idle threshold) has no direction: its value may sit on
 * either side. Null while a value is missing.
 */
function flowSums(r: FlowReading) {
  let into = 0;
  let out = 0;
  let slack = 0;
  for (const n of NODES) {
    const v = shownKw(r.nodes[n].text);
    if (!v) return null;
    slack += v.half;
    if (r.nodes[n].direction === 'toBus') into += v.kw;
    else if (r.nodes[n].direction === 'fromBus') out += v.kw;
    else slack += v.kw;
  }
  const other = shownKw(r.nodes.load.text);
  const piles = shownKw(r.nodes.charger.text);
  const total = shownKw(r.totalLoad);
  return { into, out, slack, other, piles, total };
}

/** Waits until the diagram shows values that balance as drawn, and returns them. */
async function expectFlowBalances(page: Page): Promise<ReturnType<typeof flowSums>> {
  let sums: ReturnType<typeof flowSums> = null;
  await expect
    .poll(
      async () => {
        const r = await readFlow(page);
        sums = flowSums(r);
        if (!sums || r.balanced !== 'true') return `not yet: ${JSON.stringify(r)}`;
        const { into, out, slack, other, piles, total } = sums;
        // Beyond the last shown digit, meters behind PT/CT agree to their own resolution:
        // 0.01 % of the flow (a class 0.2S meter is allowed twenty times that).
        if (Math.abs(into - out) > slack + 1e-4 * (into + out)) return `unbalanced: ${JSON.stringify(r)}`;
        // Other load + piles = the load meter, as written under the load node.
        if (!other || !piles || !total) return `no load split: ${JSON.stringify(r)}`;
        if (Math.abs(other.kw + piles.kw - total.kw) > other.half + piles.half + total.half)
          return `load split does not add up: ${JSON.stringify(r)}`;
        return 'balanced';
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe('balanced');
  return sums;
}

type Summary = { storagePower: number; pvPower: number; loadPower: number; gridPower: number; chargerPower: number };

/** The station totals behind the diagram balance at the meters: grid + PV + storage = load meter. */
async function expectSnapshotBalances(page: Page, stationId: number): Promise<Summary> {
  const s = await apiData<Summary>(page, '/business/openStation/middle', { stationId });
  expect(s.gridPower + s.pvPower + s.storagePower - s.loadPower).toBeCloseTo(0, 0);
  expect(s.chargerPower).toBeLessThanOrEqual(s.loadPower);
  return s;
}

type BusReading = { sn: string; text: string }[];

/** The shown power of the topology's meters and storage units of a station, at one instant. */
const readBus = (page: Page, code: string): Promise<{ nodes: BusReading; balanced: string | null; line: string }> =>
  page.evaluate((code) => {
    const nodes = [...document.querySelectorAll(`[data-testid^="topology-node-${code}-"]`)]
      .map((n) => ({
        sn: (n.getAttribute('data-testid') ?? '').replace('topology-node-', ''),
        text: n.querySelector('[data-testid="node-power"]')?.textContent ?? '',
      }))
      .filter((n) => /-(MTR-(GW|PV|LD)|PCS-\d+|CAB-\d+)$/.test(n.sn));
    const line = document.querySelector('[data-testid="topology-bus-balance"]');
    return { nodes, balanced: line?.getAttribute('data-balanced') ?? null, line: line?.textContent ?? '' };
  }, code);

/**
 * The bus of the PCS topology balances as drawn: gateway import + PV + discharge = load +
 * charge + export, from the signed powers written on the meters and storage units.
 */
async function expectBusBalances(page: Page, code: string): Promise<{ into: number; out: number }> {
  let result = { into: 0, out: 0 };
  await expect
    .poll(
      async () => {
        const r = await readBus(page, code);
        const power = (suffix: string) => r.nodes.find((n) => n.sn === `${code}-${suffix}`);
        const gw = shownKw(power('MTR-GW')?.text ?? '');
        const pv = shownKw(power('MTR-PV')?.text ?? '');
        const ld = shownKw(power('MTR-LD')?.text ?? '');
        const units = r.nodes.filter((n) => /-(PCS|CAB)-\d+$/.test(n.sn)).map((n) => shownKw(n.text));
        if (!gw || !pv || !ld || units.length === 0 || units.some((u) => !u)) return `missing: ${JSON.stringify(r)}`;
        const towardBus = [gw, pv, ...units.flatMap((u) => (u ? [u] : []))];
        const into = towardBus.reduce((a, v) => a + Math.max(0, v.kw), 0);
        const out = ld.kw + towardBus.reduce((a, v) => a + Math.max(0, -v.kw), 0);
        const slack = [...towardBus, ld].reduce((a, v) => a + v.half, 0);
        result = { into, out };
        if (Math.abs(into - out) > slack) return `unbalanced ${into} ≠ ${out}: ${JSON.stringify(r)}`;
        if (r.balanced !== 'true') return `line says ${r.balanced}: ${r.line}`;
        return 'balanced';
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe('balanced');
  return result;
}

async function useLanguage(page: Page, lang: 'zh_CN' | 'en_US'): Promise<void> {
  if (lang === 'zh_CN') return;
  await page.getByTestId('language-select').click();
  await page.getByTestId(`lang-${lang}`).click();
  await page.waitForFunction(() => document.documentElement.lang === 'en');
}

describe('energy flow adds up on screen', () => {
  for (const lang of ['zh_CN', 'en_US'] as const) {
    for (const width of [1024, 1440, 1920]) {
      it(`home diagram and PCS topology balance as drawn (${lang}, ${width} px)`, async () => {
        const { page, consoleErrors } = await adminHome(width);
        await useLanguage(page, lang);
        const stationId = Number(await page.evaluate(() => localStorage.getItem('ess.stationId')));
        const flow = page.getByTestId('home-energy-flow');
        await flow.scrollIntoViewIfNeeded();
        const home = await expectFlowBalances(page);
        // The piles are drawn on their own and outside the load node; the text says so.
        expect(await page.getByTestId('flow-state-load').textContent()).toMatch(
          lang === 'zh_CN' ? /含充电桩/ : /piles/,
        );
        await expectSnapshotBalances(page, stationId);
        await flow.scrollIntoViewIfNeeded();
        await screenshot(page, `energy-flow-home-${lang}-${width}`);

        await openInApp(page, '/surveillance/pcs-topology');
        await page.getByTestId('topology-diagram').waitFor({ timeout: 30_000 });
        // The PV and load branches hang on the bus beside the PCS.
        for (const id of ['topology-pv-array', 'topology-load', 'topology-node-JS-SZ01-MTR-GW']) {
          await page.getByTestId(id).waitFor();
        }
        const bus = await expectBusBalances(page, 'JS-SZ01');
        await screenshot(page, `energy-flow-topology-${lang}-${width}`);
        // Both screens read the same meters: the grid import agrees within a reporting interval's change.
        expect(bus.into).toBeGreaterThan(0);
        expect(home?.into).toBeGreaterThan(0);
        expect(consoleErrors).toEqual([]);
      });
    }
  }

  it('balances from the `middle` snapshot while the live socket is down', async () => {
    const { page, context, consoleErrors } = await adminHome(1440);
    // Every later socket is refused: the page falls back to polling `middle`.
    await context.routeWebSocket(/\/api\/ws/, (ws) => ws.close());
    await page.reload();
    await page.getByTestId('site-home').waitFor();
    await page.locator('[data-testid="live-status"][data-status="polling"]').waitFor({ timeout: 30_000 });
    await expectFlowBalances(page);
    const stationId = Number(await page.evaluate(() => localStorage.getItem('ess.stationId')));
    const s = await expectSnapshotBalances(page, stationId);
    expect(s.chargerPower).toBeGreaterThanOrEqual(0);
    // Refused sockets are logged by the browser; nothing else may be.
    expect(consoleErrors.filter((e) => !/WebSocket/i.test(e))).toEqual([]);
  });

  it('balances the bus of a 20-cabinet plant wrapped onto bus sections at 1024 px', async () => {
    const { page, consoleErrors } = await adminHome(1024);
    await pickStation(page, '广东省', '深圳宝安储能电站');
    await expectFlowBalances(page);
    await page.goto('/surveillance/pcs-topology');
    await page.getByTestId('topology-node-GD-SZ01-MTR-LD').waitFor({ timeout: 30_000 });
    const { into } = await expectBusBalances(page, 'GD-SZ01');
    expect(into).toBeGreaterThan(0);
    await screenshot(page, 'energy-flow-topology-cabinets-1024');
    expect(consoleErrors).toEqual([]);
  });
});
