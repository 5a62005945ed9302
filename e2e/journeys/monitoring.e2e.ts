import { connectAsync, type MqttClient } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { apiData, pickStation, signedInHome } from '../support/journey';
import { ADMIN_PASSWORD } from '../support/platform';
import { journeySuite } from '../support/suite';

const suite = journeySuite();

const adminHome = (width?: number) => signedInHome(suite.browser, suite.platform.url, 'admin', ADMIN_PASSWORD, width);

type TreeNode = { id: number; sn: string; children?: TreeNode[] };
const flatten = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

let device: MqttClient | null = null;
afterEach(async () => {
  await device?.endAsync(true);
  device = null;
});

describe('monitoring screens', () => {
  it('shows home values that change within 10 s', async () => {
    const { page, consoleErrors } = await adminHome();
    const live = page.getByTestId('home-energy-flow');
    await page.getByTestId('flow-value-load').filter({ hasText: /\d/ }).waitFor({ timeout: 30_000 });
    const snapshot = () => live.innerText();
    const before = await snapshot();
    await page.waitForFunction(
      (old) => (document.querySelector('[data-testid="home-energy-flow"]') as HTMLElement | null)?.innerText !== old,
      before,
      { timeout: 10_000 },
    );
    expect(await snapshot()).not.toBe(before);
    for (const kpi of ['kpi-rated-power', 'kpi-capacity', 'kpi-soc', 'kpi-today-charge', 'kpi-today-revenue']) {
      expect(await page.getByTestId(kpi).innerText(), kpi).toMatch(/\d/);
    }
    await page.getByTestId('home-power-curve').locator('.echarts-for-react svg').first().waitFor();
    // The first station is fed by the built-in simulator, and the navbar says so.
    await page.getByTestId('demo-data-tag').waitFor();
    await screenshot(page, 'home-1440');
    expect(consoleErrors).toEqual([]);
  });

  it('logs an error of the web app, which an administrator finds in the client error log', async () => {
    const { page } = await adminHome();
    // An error no code catches, as a bug in a handler would throw it.
    const reported = page.waitForResponse((r) => r.url().includes('/api/sys/clientError/add'));
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('e2e: uncaught in a handler');
      });
    });
    expect((await reported).status()).toBe(200);
    await page.goto('/system/log?tab=client-errors');
    const table = page.getByTestId('client-errors');
    await table.getByText('e2e: uncaught in a handler').waitFor({ timeout: 15_000 });
    // The interface is Chinese in the journeys: "uncaught error".
    expect(await table.innerText()).toContain('未捕获错误');
  });

  it('flips the storage arrow of the energy flow when the storage goes from charge to discharge', async () => {
    const { page, consoleErrors } = await adminHome(1920);
    // 广州南沙 has one 215 kWh cabinet: its power is the station's storage power.
    await pickStation(page, '广东省', '广州南沙光储电站');
    const stationId = Number(await page.evaluate(() => localStorage.getItem('ess.stationId')));
    const tree = await apiData<TreeNode[]>(page, '/business/device/treeTrueDevices', { stationId });
    const cabinet = flatten(tree).find((n) => n.sn === 'GD-GZ01-CAB-01');
    if (!cabinet) throw new Error('cabinet not found');
    // New credentials cut the simulator's connection for this cabinet: the test is the device now.
    const creds = await apiData<{ username: string; password: string }>(page, '/business/device/credentials', {
      deviceId: cabinet.id,
    });
    const port = /MQTT broker listening on mqtt:\/\/[\d.]+:(\d+)/.exec(suite.platform.log())?.[1];
    device = await connectAsync(`mqtt://127.0.0.1:${port}`, {
      ...creds,
      clientId: creds.username,
      protocolVersion: 4,
      reconnectPeriod: 0,
    });
    const topic = 'ess/GD-GZ01/GD-GZ01-CAB-01/telemetry';
    const storage = page.getByTestId('flow-storage');
    const report = async (p: number) => {
      const want = { direction: p < 0 ? 'charge' : 'discharge', value: String(Math.abs(p)) };
      for (let i = 0; i < 20; i++) {
        await device?.publishAsync(topic, JSON.stringify({ ts: Date.now(), values: { p, soc: 55 } }), { qos: 1 });
        // The simulator may already charge this cabinet: wait for the test's own value, not just the
        // direction; published again if it has not shown within a second.
        const shown = await page
          .waitForFunction(
            (w) =>
              document.querySelector('[data-testid="flow-storage"]')?.getAttribute('data-direction') === w.direction &&
              (document.querySelector('[data-testid="flow-value-storage"]')?.textContent ?? '').includes(w.value),
            want,
            { timeout: 1000 },
          )
          .then(
            () => true,
            () => false,
          );
        if (shown) return;
      }
      throw new Error(`storage arrow did not follow p = ${p}`);
    };
    await report(-80);
    expect(await page.getByTestId('flow-value-storage').textContent()).toContain('80');
    await screenshot(page, 'home-flow-charge-1920');
    await report(80);
    expect(await storage.getAttribute('data-direction')).toBe('discharge');
    await screenshot(page, 'home-flow-discharge-1920');
    expect(consoleErrors).toEqual([]);
  });

  it('opens the PCS topology and a device drawer with its live points and history chart', async () => {
    const { page, consoleErrors } = await adminHome();
    await page.goto('/surveillance/pcs-topology');
    await page.getByTestId('topology-diagram').waitFor({ timeout: 30_000 });
    const pcs = page.locator('[data-testid^="topology-node-JS-SZ01-PCS-"]').first();
    await pcs.waitFor();
    await screenshot(page, 'pcs-topology');
    await pcs.locator('button').click({ force: true });
    const drawer = page.getByTestId('device-drawer');
    await drawer.waitFor();
    // The topology opens a device on its curves; its live points are the other tab.
    await drawer
      .getByTestId('device-history')
      .locator('.echarts-for-react canvas, .echarts-for-react svg')
      .first()
      .waitFor({ timeout: 20_000 });
    await drawer.getByRole('tab', { name: '实时测点' }).click();
    await drawer.getByTestId('point-table').locator('tbody tr.ant-table-row').first().waitFor();
    expect(await drawer.getByTestId('point-table').locator('tbody tr.ant-table-row').count()).toBeGreaterThan(5);
    await drawer.getByRole('tab', { name: '历史曲线' }).click();
    await drawer
      .getByTestId('device-history')
      .locator('.echarts-for-react canvas, .echarts-for-react svg')
      .first()
      .waitFor({ timeout: 20_000 });
    await screenshot(page, 'pcs-topology-drawer');
    await page.goto('/surveillance/battery-topology');
    await page.getByTestId('topology-diagram').waitFor({ timeout: 30_000 });
    await screenshot(page, 'battery-topology');
    expect(consoleErrors).toEqual([]);
  });

  it('sorts the site overview by a column and hides a column; both survive a reload', async () => {
    const { page, consoleErrors } = await adminHome();
    await page.goto('/surveillance/site-overview');
    const table = page.getByTestId('site-overview-table');
    await table.locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    const header = table.locator('thead th', { hasText: '装机容量' }).first();
    await header.click();
    await header.click();
    await table.locator('thead th[aria-sort="descending"]', { hasText: '装机容量' }).waitFor();
    const rowOrder = async () =>
      (
        await table
          .locator('tbody tr.ant-table-row')
          .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-key')))
      ).map(Number);
    const rows = await apiData<{ stationId: number; capacity: number | null }[]>(
      page,
      '/business/openStation/siteOverview',
      {},
    );
    const capacityOf = new Map(rows.map((r) => [r.stationId, r.capacity ?? -1]));
    const order = await rowOrder();
    expect(order.length).toBeGreaterThan(1);
    const capacities = order.map((id) => capacityOf.get(id) ?? Number.NaN);
    expect(capacities).toEqual([...capacities].sort((a, b) => b - a));

    await page.getByTestId('site-overview-columns').click();
    await page.getByTestId('site-overview-column-pcsConversion').click();
    const pcsHeader = table.locator('thead th', { hasText: '充放电效率' });
    await page.waitForFunction(
      () =>
        ![...document.querySelectorAll('[data-testid="site-overview-table"] thead th')].some((th) =>
          th.textContent?.includes('充放电效率'),
        ),
    );
    await page.reload();
    await table.locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    expect(await pcsHeader.count()).toBe(0);
    expect(await table.locator('thead th[aria-sort="descending"]', { hasText: '装机容量' }).count()).toBe(1);
    expect((await rowOrder()).map((id) => capacityOf.get(id))).toEqual(capacities);
    await screenshot(page, 'site-overview');
    expect(consoleErrors).toEqual([]);
  });
});
