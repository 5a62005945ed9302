import {
  DASHBOARD_PERMS,
  type DashboardData,
  type DashboardRow,
  type DashboardWidget,
  dashboardApi,
} from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { DASHBOARDS_LOCALE } from '../locale';
import { DashboardPage } from './dashboard-page';

const EN = DASHBOARDS_LOCALE.en_US.dashboards;
const SLOW = { timeout: 5000 };
const widgets: DashboardWidget[] = [
  { key: 'soc', kind: 'kpi', stationId: 5, metric: 'soc', w: 3, h: 1 },
  { key: 'flow', kind: 'energyFlow', stationId: 9, w: 6, h: 3 },
  { key: 'alarms', kind: 'alarms', stationId: null, w: 6, h: 3 },
];
const mine: DashboardRow = {
  id: 1,
  name: 'Control room',
  widgets,
  ownerId: 7,
  ownerName: 'Olga Operator',
  mine: true,
  roleIds: [],
  publishedAt: null,
  updatedAt: Date.now(),
};
const shared: DashboardRow = { ...mine, id: 2, name: 'Fleet wall', ownerId: 1, ownerName: 'Admin', mine: false };
const data: DashboardData = {
  at: Date.now(),
  stations: [{ id: 5, name: 'Suzhou', timezone: 'Asia/Shanghai' }],
  widgets: {
    soc: { kind: 'kpi', metric: 'soc', value: 63.25, currency: null, stations: 1 },
    flow: { kind: 'energyFlow', error: 'outOfScope' },
    alarms: {
      kind: 'alarms',
      total: 3,
      rows: [
        {
          id: 11,
          stationId: 5,
          stationName: 'Suzhou',
          timezone: 'Asia/Shanghai',
          deviceName: 'BMS 1',
          level: 2,
          content: 'Cell over-voltage',
          raisedAt: Date.UTC(2026, 11, 4, 2, 30),
        },
      ],
    },
  },
};

describe('dashboards page', () => {
  let saved: DashboardWidget[] | null;
  beforeEach(() => {
    saved = null;
    apiServer.use(
      answer(dashboardApi.dashboardList, [mine, shared]),
      answer(dashboardApi.dashboardData, data),
      answer(dashboardApi.dashboardUpdate, (b) => {
        saved = b.widgets;
        return null;
      }),
    );
  });

  it('shows each widget’s figure, an alarm at its station’s clock, and says what is out of scope', async () => {
    apiServer.use(...sessionHandlers([DASHBOARD_PERMS.share, DASHBOARD_PERMS.publish]));
    renderWithClient(<DashboardPage />);
    const soc = await screen.findByTestId('widget-soc', {}, SLOW);
    await waitFor(() => expect(soc.textContent).toContain('63.3%'), SLOW);
    expect(soc.textContent).toContain('Suzhou');
    expect(screen.getByTestId('widget-flow').textContent).toContain(EN.outOfScope);
    const alarms = screen.getByTestId('widget-alarm-list');
    // 02:30 UTC is 10:30 in Suzhou.
    expect(alarms.textContent).toContain('10:30');
    expect(alarms.textContent).toContain('Suzhou · Cell over-voltage');
    expect(alarms.parentElement?.textContent).toContain('3 active alarms in all');
    expect(screen.getByTestId('dashboard-share-open')).toBeTruthy();
    expect(screen.getByTestId('dashboard-publish-open')).toBeTruthy();
  });

  it('offers sharing and links only with their rights, and shows another’s dashboard read-only', async () => {
    apiServer.use(...sessionHandlers([]));
    renderWithClient(<DashboardPage />, '/?id=2');
    await screen.findByTestId('widget-soc', {}, SLOW);
    expect(screen.getByText(EN.readOnly.replace('{{owner}}', 'Admin'))).toBeTruthy();
    expect(screen.queryByTestId('dashboard-edit')).toBeNull();
    expect(screen.queryByTestId('dashboard-share-open')).toBeNull();
    expect(screen.queryByTestId('dashboard-publish-open')).toBeNull();
  });

  it('moves and removes widgets in the layout, and saves the new order', async () => {
    apiServer.use(...sessionHandlers([]));
    renderWithClient(<DashboardPage />);
    fireEvent.click(await screen.findByTestId('dashboard-edit', {}, SLOW));
    const flow = screen.getByTestId('widget-flow');
    fireEvent.click(within(flow).getByRole('button', { name: EN.moveUp }));
    fireEvent.click(within(screen.getByTestId('widget-alarms')).getByRole('button', { name: EN.remove }));
    fireEvent.click(screen.getByTestId('dashboard-save'));
    await waitFor(() => expect(saved?.map((w) => w.key)).toEqual(['flow', 'soc']), SLOW);
  });
});
