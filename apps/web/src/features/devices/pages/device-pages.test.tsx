import {
  configApi,
  DEFAULT_METER_CONNECTION,
  type DeviceLatest,
  type DeviceNode,
  deviceApi,
  type LatestByTypeResult,
  meterRoleApi,
  monitoringApi,
  type PointMeta,
  pointApi,
  type StationSummary,
  shellApi,
  type TopologyJumpRow,
} from '@ess/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session/session-store';
import { tokenStore } from '@/lib/storage';
import { answer, apiServer } from '@/test/api-server';
import { stationNode, stationTreeOf } from '@/test/fixtures';
import { liveSocket } from '@/test/live-socket';
import { BatteryTopologyPage } from './battery-topology-page';
import { EnergyStoragePage } from './energy-storage-page';
import { PcsTopologyPage } from './pcs-topology-page';
import { Standard215Page } from './standard-215-page';

const meta = (code: string, unit: string | null, extra: Partial<PointMeta> = {}): PointMeta => ({
  code,
  name: `${code}-name`,
  unit,
  kind: 'telemetry',
  precision: 1,
  min: null,
  max: null,
  counter: false,
  states: null,
  limit: null,
  ...extra,
});
const RUN_STATES = { '0': 'Standby', '1': 'Charging', '2': 'Discharging', '3': 'Fault', '4': 'Shutdown' };
const storagePoints = [
  meta('p', 'kW'),
  meta('soc', '%'),
  meta('runState', null, { kind: 'status', precision: 0, states: RUN_STATES }),
  meta('soh', '%'),
  meta('cellVmax', 'V', { precision: 3 }),
  meta('cellVmaxNo', null, { precision: 0 }),
  meta('cellVmin', 'V', { precision: 3 }),
  meta('cellVminNo', null, { precision: 0 }),
];

const station = stationNode(2, {
  code: 'JS-NJ01',
  name: 'Nanjing plant',
  ratedPowerKw: 200,
  capacityKwh: 430,
  longitude: 118.8,
  latitude: 32,
  showWeather: true,
});
const stations = stationTreeOf(station);

const node = (id: number, sn: string, name: string, type: DeviceNode['type'], parentId: number | null): DeviceNode => ({
  id,
  sn,
  name,
  type,
  typeName: `${type}-type`,
  status: 'online',
  modelCode: null,
  modelName: null,
  manufacturer: null,
  parentId,
  lastSeenAt: 1_000,
  unitPrice: null,
  serviceFee: null,
  children: [],
});

const v = (value: number) => ({ value, ts: 1_000, text: null });
const cabinet = (
  id: number,
  name: string,
  status: 'online' | 'offline',
  values: DeviceLatest['values'],
): DeviceLatest => ({
  id,
  sn: `JS-NJ01-${name}`,
  name,
  type: 'cabinet',
  status,
  parentId: 1,
  lastSeenAt: 1_000,
  values,
});

let cabinets: DeviceLatest[];
let clusters: DeviceLatest[];
let pcs: DeviceLatest[];
/** The station's topology jump configuration. */
let jumps: TopologyJumpRow[] = [];

/** The calls of the device screens, answered through the contract's table. */
const handlers = () => [
  answer(shellApi.stationTree, stations),
  answer(deviceApi.deviceTree, () => {
    const ems = node(1, 'JS-NJ01-EMS', 'EMS', 'ems', null);
    ems.children = [
      ...cabinets.map((c) => node(c.id, c.sn, c.name, 'cabinet', 1)),
      ...pcs.map((p) => ({
        ...node(p.id, p.sn, p.name, 'pcs', 1),
        children: clusters.filter((c) => c.parentId === p.id).map((c) => node(c.id, c.sn, c.name, 'bms', p.id)),
      })),
    ];
    return [ems];
  }),
  answer(deviceApi.latestByType, ({ type }): LatestByTypeResult => {
    const devices = type === 'cabinet' ? cabinets : type === 'bms' ? clusters : type === 'pcs' ? pcs : [];
    const points =
      type === 'pcs'
        ? [meta('p', 'kW'), meta('runState', null, { kind: 'status', states: RUN_STATES })]
        : storagePoints;
    return { type, points, devices };
  }),
  answer(monitoringApi.storageUnits, () => ({
    date: '2026-11-23',
    units: cabinets.map((c) => ({
      deviceId: c.id,
      sn: c.sn,
      name: c.name,
      type: 'cabinet' as const,
      status: c.status,
      ratedPowerKw: 100,
      powerKw: null,
      soc: null,
      runState: null,
      runStateText: null,
      todayChargeKwh: 100 + c.id,
      todayDischargeKwh: 90 + c.id,
      ts: null,
    })),
  })),
  answer(meterRoleApi.meterConfig, { stationId: 2, roles: [], meters: [] }),
  answer(configApi.topologyJumpList, () => jumps),
  answer(shellApi.exclusiveMenu, []),
  answer(
    pointApi.pointList,
    storagePoints.map((p, i) => ({ ...p, id: i + 1 })),
  ),
  answer(pointApi.pointDataShowList, []),
  answer(pointApi.pointCurve, ({ from, to }) => ({ from, to, series: [] })),
];

const summary = (storagePower: number): StationSummary => ({
  stationId: 2,
  ts: 2_000,
  storagePower,
  soc: 61.5,
  pvPower: 0,
  loadPower: 0,
  gridPower: 0,
  chargerPower: 0,
});

function renderPage(Page: () => ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <Page />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const SLOW = { timeout: 5000 };

describe('device screens', () => {
  // The pages follow the live feed through the real live client; the test plays the server.
  let live: ReturnType<typeof liveSocket>;
  beforeEach(() => {
    useSession.setState({ stationId: 2, token: 'tok' });
    tokenStore.set('tok');
    live = liveSocket(() => ({ ts: 2_000, devices: [], summary: summary(-150) }));
    cabinets = [
      cabinet(11, 'CAB-01', 'online', {
        p: v(-75),
        soc: v(40),
        runState: v(1),
        soh: v(98),
        cellVmax: v(3.41),
        cellVmaxNo: v(12),
      }),
      cabinet(12, 'CAB-02', 'online', {
        p: v(60),
        soc: v(70),
        runState: v(2),
        soh: v(96),
        cellVmax: v(3.35),
        cellVmaxNo: v(40),
      }),
      cabinet(13, 'CAB-10', 'offline', { p: v(0), soc: v(55), runState: v(0) }),
    ];
    clusters = [];
    pcs = [];
    jumps = [];
    apiServer.use(...handlers(), live.handler);
  });
  afterEach(() => {
    tokenStore.clear();
  });

  it('energy storage: live totals, cards by type following the socket, a card opening its drawer', async () => {
    renderPage(EnergyStoragePage);
    const card = await screen.findByTestId('device-card-JS-NJ01-CAB-01', {}, SLOW);
    expect(card.dataset.tone).toBe('charging');
    expect(within(card).getByTestId('card-headline').textContent).toBe('-75.0 kW');
    await waitFor(() => expect(screen.getByTestId('kpi-storage-power').textContent).toContain('-150.0 kW'), SLOW);
    expect(screen.getByTestId('kpi-storage-power').textContent).toContain('Charging');
    expect(screen.getByTestId('kpi-units').textContent).toContain('2 / 3');
    expect(screen.getByTestId('device-card-JS-NJ01-CAB-10').dataset.tone).toBe('offline');
    await waitFor(() => expect(screen.getByTestId('kpi-today').textContent).toContain('Charged 336.0 kWh'));

    // The socket moves CAB-01 to discharging and brings CAB-10 back online.
    live.push({
      type: 'latest',
      stationId: 2,
      deviceId: 11,
      values: { p: { value: 42.5, ts: 3_000 }, runState: { value: 2, ts: 3_000 } },
    });
    live.push({ type: 'deviceStatus', stationId: 2, deviceId: 13, online: true, at: 3_000 });
    live.push({ type: 'summary', stationId: 2, summary: summary(80) });
    await waitFor(() => expect(screen.getByTestId('kpi-storage-power').textContent).toContain('Discharging'));
    expect(within(screen.getByTestId('device-card-JS-NJ01-CAB-01')).getByTestId('card-headline').textContent).toBe(
      '42.5 kW',
    );
    expect(screen.getByTestId('device-card-JS-NJ01-CAB-01').dataset.tone).toBe('discharging');
    expect(screen.getByTestId('device-card-JS-NJ01-CAB-10').dataset.tone).toBe('standby');

    fireEvent.click(screen.getByTestId('device-card-JS-NJ01-CAB-02'));
    expect(await screen.findByTestId('device-drawer', {}, SLOW)).toBeTruthy();
    expect(screen.getByTestId('device-drawer-title').textContent).toContain('CAB-02');
  }, 15_000);

  it('PCS topology: one node per device coloured by state, flows following the power sign', async () => {
    cabinets = [];
    pcs = [
      {
        id: 21,
        sn: 'S-PCS-1',
        name: 'PCS-1',
        type: 'pcs',
        status: 'online',
        parentId: 1,
        lastSeenAt: 1,
        values: { p: v(500), runState: v(2) },
      },
    ];
    clusters = [
      {
        id: 31,
        sn: 'S-BMS-1-1',
        name: 'BMS-1.1',
        type: 'bms',
        status: 'online',
        parentId: 21,
        lastSeenAt: 1,
        values: { soc: v(50) },
      },
      {
        id: 32,
        sn: 'S-BMS-1-2',
        name: 'BMS-1.2',
        type: 'bms',
        status: 'offline',
        parentId: 21,
        lastSeenAt: 1,
        values: {},
      },
    ];
    renderPage(PcsTopologyPage);
    const pcsNode = await screen.findByTestId('topology-node-S-PCS-1', {}, SLOW);
    expect(pcsNode.dataset.tone).toBe('discharging');
    expect(screen.getByTestId('topology-node-S-BMS-1-2').dataset.tone).toBe('offline');
    expect(screen.getByTestId('topology-grid')).toBeTruthy();
    expect(screen.getByTestId('flow-w-21').dataset.dir).toBe('up');
    expect(screen.queryByTestId('flow-w-32')).toBeNull();

    fireEvent.click(within(screen.getByTestId('topology-node-S-BMS-1-1')).getByRole('button'));
    expect(await screen.findByTestId('device-history', {}, SLOW)).toBeTruthy();
  }, 15_000);

  it('PCS topology: PV and load branches on the bus, whose flows in and out add up as drawn', async () => {
    cabinets = [
      cabinet(11, 'CAB-01', 'online', { p: v(-75), runState: v(1) }),
      cabinet(12, 'CAB-02', 'online', { p: v(60), runState: v(2) }),
    ];
    const meter = (id: number, tag: string, p: number): DeviceLatest => ({
      id,
      sn: `JS-NJ01-MTR-${tag}`,
      name: `${tag} meter`,
      type: 'meter',
      status: 'online',
      parentId: 1,
      lastSeenAt: 1_000,
      values: { p: v(p) },
    });
    // Import 415 + PV 100 + discharge 60 = load 500 (piles included) + charge 75.
    const meters = [meter(41, 'GW', 415), meter(42, 'PV', 100), meter(43, 'LD', 500)];
    const role = (r: 'gateway' | 'pv' | 'load', m: DeviceLatest) => ({
      role: r,
      roleName: r,
      deviceId: m.id,
      deviceName: m.name,
      sn: m.sn,
    });
    const [gw, pvMeter, ld] = meters as [DeviceLatest, DeviceLatest, DeviceLatest];
    apiServer.use(
      answer(deviceApi.latestByType, ({ type }): LatestByTypeResult => {
        if (type === 'meter') return { type, points: [meta('p', 'kW')], devices: meters };
        return { type, points: storagePoints, devices: type === 'cabinet' ? cabinets : [] };
      }),
      answer(meterRoleApi.meterConfig, {
        stationId: 2,
        roles: [role('gateway', gw), role('pv', pvMeter), role('load', ld)],
        meters: meters.map((m) => ({
          deviceId: m.id,
          name: m.name,
          sn: m.sn,
          status: m.status,
          connection: DEFAULT_METER_CONNECTION,
        })),
      }),
    );
    renderPage(PcsTopologyPage);
    await screen.findByTestId('topology-node-JS-NJ01-MTR-LD', {}, SLOW);
    expect(screen.getByTestId('topology-pv-array')).toBeTruthy();
    expect(screen.getByTestId('topology-load')).toBeTruthy();
    expect(screen.getByTestId('flow-pv-bus').dataset.dir).toBe('down');
    expect(screen.getByTestId('flow-load-bus').dataset.dir).toBe('up');
    const balance = screen.getByTestId('topology-bus-balance');
    expect(balance.dataset.balanced).toBe('true');
    expect(balance.textContent).toContain('in 575.0 kW = out 575.0 kW');

    // A load reading the other meters do not follow is named, not hidden.
    await waitFor(() => expect(live.followers(2)).toBeGreaterThan(0), SLOW);
    live.push({ type: 'latest', stationId: 2, deviceId: 43, values: { p: { value: 560, ts: 3_000 } } });
    await waitFor(() => expect(screen.getByTestId('topology-bus-balance').dataset.balanced).toBe('false'));
    expect(screen.getByTestId('topology-bus-balance').textContent).toContain('difference 60.0 kW');
  }, 15_000);

  it('battery topology: cell extremes name the battery and the cell', async () => {
    renderPage(BatteryTopologyPage);
    const vmax = await screen.findByTestId('extreme-vmax', {}, SLOW);
    expect(vmax.textContent).toContain('3.410 V');
    expect(vmax.textContent).toContain('CAB-01 · cell 12');
    expect(screen.queryByTestId('topology-grid')).toBeNull();
  });

  it('standard-215 list: every cabinet, filtered by name, status and run state', async () => {
    renderPage(Standard215Page);
    await screen.findByTestId('cabinet-link-JS-NJ01-CAB-01', {}, SLOW);
    expect(screen.getByTestId('cabinet-summary').textContent).toBe('3 cabinets · 2 online · 0 in fault');
    const table = screen.getByTestId('cabinet-table');
    expect(within(table).getByText('3.410 V')).toBeTruthy();
    expect(within(table).getByText('#12')).toBeTruthy();
    await waitFor(() => expect(within(table).getByText('112.0 kWh')).toBeTruthy());

    fireEvent.change(within(screen.getByTestId('cabinet-search')).getByRole('searchbox'), {
      target: { value: 'cab-1' },
    });
    expect(screen.queryByTestId('cabinet-link-JS-NJ01-CAB-01')).toBeNull();
    expect(screen.getByTestId('cabinet-link-JS-NJ01-CAB-10')).toBeTruthy();

    fireEvent.click(screen.getByTestId('cabinet-link-JS-NJ01-CAB-10'));
    expect(await screen.findByTestId('device-drawer', {}, SLOW)).toBeTruthy();
  });

  it('standard-215 list: a container plant says it has no cabinets', async () => {
    cabinets = [];
    renderPage(Standard215Page);
    expect(await screen.findByText('This station has no 215 kWh integrated cabinets', {}, SLOW)).toBeTruthy();
  });

  it('PCS topology: a node with a jump configured opens the configured page', async () => {
    cabinets = [];
    pcs = [
      {
        id: 21,
        sn: 'S-PCS-1',
        name: 'PCS-1',
        type: 'pcs',
        status: 'online',
        parentId: 1,
        lastSeenAt: 1,
        values: { p: v(500), runState: v(2) },
      },
    ];
    jumps = [
      {
        id: 1,
        nodeKey: 'S-PCS-1',
        targetKind: 'route',
        targetRoute: '/surveillance/energy-storage',
        targetDeviceId: null,
        targetDeviceName: null,
        updateTime: 1,
      },
    ];
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={qc}>
        <MemoryRouter initialEntries={['/surveillance/pcs-topology']}>
          <Routes>
            <Route path="/surveillance/pcs-topology" element={<PcsTopologyPage />} />
            <Route path="/surveillance/energy-storage" element={<div data-testid="jumped" />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const node = await screen.findByTestId('topology-node-S-PCS-1', {}, SLOW);
    // The configuration may arrive after the diagram: click once it is in.
    await waitFor(() =>
      expect(qc.getQueryData(['api', 'POST', configApi.topologyJumpList.path, { stationId: 2 }, 'en_US'])).toBeTruthy(),
    );
    fireEvent.click(within(node).getByRole('button'));
    expect(await screen.findByTestId('jumped', {}, SLOW)).toBeTruthy();
  }, 15_000);
});
