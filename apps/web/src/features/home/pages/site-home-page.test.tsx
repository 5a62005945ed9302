import {
  DEFAULT_HOME_BLOCKS,
  type HomeConfig,
  homeConfigApi,
  monitoringApi,
  type StationKpis,
  type StationNode,
  type StationSummary,
  shellApi,
} from '@ess/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userInfoQuery } from '@/lib/session/api/get-user-info';
import { useSession } from '@/lib/session/session-store';
import { tokenStore } from '@/lib/storage';
import { answer, apiServer } from '@/test/api-server';
import { stationNode } from '@/test/fixtures';
import { liveSocket } from '@/test/live-socket';
import { SiteHomePage } from './site-home-page';

vi.mock('@/lib/charts/echart', () => ({ EChart: () => <div data-testid="echart" /> }));

const station = (id: number, type: StationNode['type']) =>
  stationNode(id, { type, city: 'Suzhou', capacityKwh: 2150, longitude: 120.7, latitude: 31.3, orgId: 2 });

const summary = (storagePower: number | null): StationSummary => ({
  stationId: 1,
  ts: Date.now() - 5_000,
  storagePower,
  soc: storagePower === null ? null : 63.5,
  pvPower: storagePower === null ? null : 20,
  loadPower: storagePower === null ? null : 400,
  gridPower: storagePower === null ? null : 380 + storagePower,
  chargerPower: storagePower === null ? null : 0,
});

const kpis: StationKpis = {
  stationId: 1,
  date: '2026-03-15',
  timezone: 'Asia/Shanghai',
  ratedPowerKw: 1000,
  capacityKwh: 2150,
  soc: 60,
  storagePowerKw: 0,
  todayChargeKwh: 1234.5,
  todayDischargeKwh: 12_345.6,
  totalChargeKwh: 500_000,
  totalDischargeKwh: 450_000,
  todayRevenue: 12_345.67,
  currency: 'CNY',
  pvTodayKwh: 100,
  pvTotalKwh: 2000,
  carbonTodayT: 0.057,
  carbonTotalT: 1.14,
  carbonFactor: 0.57,
  ts: Date.now(),
};

let config: HomeConfig;
let saves: HomeConfig['blocks'][];

/** The calls of the home page, answered through the contract's table. */
const handlers = () => [
  answer(shellApi.stationTree, [
    {
      kind: 'province',
      id: 'province:32',
      code: '32',
      name: 'Jiangsu',
      children: [station(1, 'operating'), station(2, 'construction')],
    },
  ]),
  answer(monitoringApi.pcsStationData, ({ stationId }) => ({ ...kpis, stationId })),
  answer(monitoringApi.energyFlow, summary(null)),
  answer(monitoringApi.realtimeCurve, {
    date: '2026-03-15',
    timezone: 'Asia/Shanghai',
    from: 0,
    to: 86_400_000,
    series: [],
  }),
  answer(monitoringApi.storageUnits, { date: '2026-03-15', units: [] }),
  answer(monitoringApi.deviceStatus, { types: [], total: { total: 0, online: 0, offline: 0, fault: 0 } }),
  answer(monitoringApi.airCondition, { airConditioners: [], cabinets: [] }),
  answer(monitoringApi.pvChargers, {
    pv: { total: 0, online: 0, powerKw: null, todayKwh: null, totalKwh: null },
    chargers: { total: 0, online: 0, charging: 0, fault: 0, powerKw: null, todayKwh: null, piles: [] },
  }),
  answer(homeConfigApi.homeConfigSave, (body) => {
    saves.push(body.blocks);
    config = { stationId: body.stationId, blocks: body.blocks as HomeConfig['blocks'], saved: true, updateTime: 1 };
    return config;
  }),
  answer(homeConfigApi.homeConfig, ({ id }) => ({ ...config, stationId: id })),
];

function renderHome(stationId: number, powerList: string[]) {
  useSession.setState({ stationId, token: 'tok' });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(userInfoQuery().queryKey, {
    userId: 2,
    deptId: 1,
    deptName: 'G-JS',
    username: 'operator',
    realName: null,
    roles: ['operator'],
    powerList,
    readOnly: false,
    demo: false,
    sessionKind: 'pc',
    screenOnly: false,
    lang: null,
  });
  return render(
    <QueryClientProvider client={qc}>
      <SiteHomePage />
    </QueryClientProvider>,
  );
}

const shownBlocks = () =>
  screen.getAllByTestId(/^home-block-/).map((el) => el.getAttribute('data-testid')?.replace('home-block-', ''));

describe('site home page', () => {
  beforeEach(() => {
    config = { stationId: 1, blocks: DEFAULT_HOME_BLOCKS, saved: false, updateTime: null };
    saves = [];
    // The page's real live client connects to a scripted socket: station 1 charges at 300 kW.
    tokenStore.set('tok');
    const live = liveSocket((stationId) => ({
      ts: Date.now(),
      devices: [],
      summary: summary(stationId === 1 ? -300 : null),
    }));
    apiServer.use(...handlers(), live.handler);
  });
  afterEach(() => {
    tokenStore.clear();
  });

  it('shows the live KPIs and energy flow of an operating station, blocks in the configured order', async () => {
    config = {
      stationId: 1,
      blocks: [
        { key: 'energyFlow', visible: true },
        { key: 'kpis', visible: true },
        ...DEFAULT_HOME_BLOCKS.filter((b) => b.key !== 'kpis' && b.key !== 'energyFlow').map((b) => ({
          ...b,
          visible: b.key === 'weather',
        })),
      ],
      saved: true,
      updateTime: 1,
    };
    renderHome(1, ['surveillance:home:config']);
    await screen.findByTestId('kpi-soc-value', {}, { timeout: 5000 });
    expect(screen.getByTestId('home-station-name').textContent).toBe('Station 1');
    await waitFor(() => expect(shownBlocks()).toEqual(['energyFlow', 'kpis', 'weather']));
    // The socket's SOC wins over the KPI call's; spec 9 formatting of energy and money.
    await waitFor(() => expect(screen.getByTestId('kpi-soc-value').textContent).toBe('63.5%'));
    expect(screen.getByTestId('kpi-today-discharge-value').textContent).toBe('12.3MWh');
    expect(screen.getByTestId('kpi-today-revenue-value').textContent).toBe('12.35k RMB');
    expect(screen.getByTestId('flow-storage').getAttribute('data-direction')).toBe('charge');
    expect(screen.getByTestId('live-status').getAttribute('data-status')).toBe('live');
    expect(screen.getByTestId('home-configure')).toBeTruthy();
  });

  it('says clearly that a station under construction has no live data, and hides configuration without the button', async () => {
    renderHome(2, []);
    await screen.findByTestId('home-not-operating');
    const flow = await screen.findByTestId('home-energy-flow');
    await waitFor(() => expect(within(flow).getByText(/under construction/)).toBeTruthy());
    expect(screen.queryByTestId('flow-storage')).toBeNull();
    expect(screen.queryByTestId('home-configure')).toBeNull();
    expect(screen.queryByTestId('live-status')).toBeNull();
  });

  it('saves the configuration through the dialog and shows the page as saved', async () => {
    renderHome(1, ['surveillance:home:config']);
    await screen.findByTestId('kpi-soc-value', {}, { timeout: 5000 });
    fireEvent.click(screen.getByTestId('home-configure'));
    const row = await screen.findByTestId('home-config-powerCurve');
    fireEvent.click(within(row).getByRole('switch'));
    fireEvent.click(within(screen.getByTestId('home-config-energyFlow')).getByLabelText('Move up'));
    fireEvent.click(screen.getByTestId('home-config-save'));
    await waitFor(() => expect(saves.at(-1)).toContainEqual({ key: 'powerCurve', visible: false }));
    await waitFor(() => expect(shownBlocks().slice(0, 2)).toEqual(['energyFlow', 'kpis']));
    expect(shownBlocks()).not.toContain('powerCurve');
  });
});
