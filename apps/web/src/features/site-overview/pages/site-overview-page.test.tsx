import { localDateTime, monitoringApi, type SiteOverviewRow } from '@ess/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session/session-store';
import { answer, apiServer } from '@/test/api-server';
import { PREFS_KEY, SiteOverviewPage } from './site-overview-page';

const row = (over: Partial<SiteOverviewRow>): SiteOverviewRow => ({
  stationId: 1,
  code: 'JS-SZ01',
  name: 'Suzhou',
  capacity: 5000,
  ratedPowerKw: 2500,
  status: 'normal',
  timezone: 'Asia/Shanghai',
  offlineSince: null,
  time: null,
  alarmStatus: null,
  alarmNum: null,
  alarmUnresolvedNum: null,
  overhaulDevices: 0,
  pcsConversion: 97.46,
  dailyCharge: 1200.55,
  dailyDischarge: 980,
  todayRevenue: 1234.5,
  currency: 'CNY',
  storagePower: -320,
  soc: 61,
  dischargeableEnergy: 2550,
  totalChargeE: 152.3,
  totalDischargeE: 140.1,
  minTemperature: 21.4,
  maxTemperature: 38.2,
  pcsMaxTemperature: 55,
  emsCpuuseProportion: 23.5,
  emsMemuseProportion: 41,
  emsHarduseProportion: 92,
  ...over,
});

const ROWS = [
  row({}),
  row({
    stationId: 2,
    code: 'GD-GZ01',
    name: 'Guangzhou',
    capacity: 860,
    status: 'lost',
    offlineSince: Date.now() - 125 * 60_000,
    time: 125,
    dailyCharge: null,
    pcsConversion: null,
  }),
  row({ stationId: 3, code: 'GD-SZ02', name: 'Shenzhen', capacity: 12_900, status: 'fault', dailyCharge: 300 }),
];

async function renderPage(rows: SiteOverviewRow[] = ROWS) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  apiServer.use(answer(monitoringApi.siteOverview, rows));
  const view = render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/surveillance/site-overview']}>
        <Routes>
          <Route path="/surveillance/site-overview" element={<SiteOverviewPage />} />
          <Route path="/surveillance/site-homepage" element={<div data-testid="home-page" />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  if (rows.length > 0) await screen.findAllByTestId(/^site-overview-row-/);
  else await screen.findByText('No stations in your scope');
  return view;
}

const stationOrder = () =>
  screen
    .getAllByTestId(/^site-overview-row-/)
    .map((tr) => tr.getAttribute('data-testid')?.replace('site-overview-row-', ''));

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('monitoring overview of sites', () => {
  it('shows one row per station with spec 9 formatting, "-" for missing values and the status', async () => {
    await renderPage();
    const suzhou = screen.getByTestId('site-overview-row-1');
    expect(within(suzhou).getByText('5,000.0 kWh')).toBeTruthy();
    // Totals arrive in MWh: 152.3 MWh is 152,300 kWh, shown as MWh past 10,000.
    expect(within(suzhou).getByText('152.3 MWh')).toBeTruthy();
    expect(within(suzhou).getByText('97.5 %')).toBeTruthy();
    expect(within(suzhou).getByText('Normal')).toBeTruthy();
    const guangzhou = screen.getByTestId('site-overview-row-2');
    expect(within(guangzhou).getByText('Lost contact')).toBeTruthy();
    expect(within(guangzhou).getByText('2 h 5 min')).toBeTruthy();
    expect(within(guangzhou).getAllByText('-').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByTestId('site-overview-row-3').textContent).toContain('12.9 MWh');
    expect(screen.getByTestId('site-overview-legend-lost').textContent).toContain('1');
    // Standby needs plans; until then the legend leaves it out. No order is in progress here.
    expect(screen.getByTestId('site-overview-legend-overhaul').textContent).toBe('Overhaul0');
    expect(screen.queryByTestId('site-overview-legend-standby')).toBeNull();
    expect(screen.getByTestId('site-overview-total-capacity').textContent).toBe('Installed capacity18.8 MWh');
  });

  it("says since when a site is lost on the station's clock, not the browser's", async () => {
    const since = Date.now() - 125 * 60_000;
    await renderPage([
      row({ stationId: 2, status: 'lost', timezone: 'Pacific/Kiritimati', offlineSince: since, time: 125 }),
    ]);
    fireEvent.mouseEnter(within(screen.getByTestId('site-overview-row-2')).getByText('2 h 5 min'));
    // UTC+14 differs from any test runner's zone: the time carries it.
    const local = localDateTime(since, 'Pacific/Kiritimati').slice(0, 16);
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe(`Since ${local} (UTC+14:00)`));
  });

  it('sorts by a column, nulls last either way, and remembers the sort', async () => {
    const view = await renderPage();
    expect(stationOrder()).toEqual(['1', '2', '3']);
    fireEvent.click(screen.getByTestId('site-overview-sort-dailyCharge'));
    expect(stationOrder()).toEqual(['3', '1', '2']);
    fireEvent.click(screen.getByTestId('site-overview-sort-dailyCharge'));
    expect(stationOrder()).toEqual(['1', '3', '2']);
    expect(JSON.parse(localStorage.getItem(PREFS_KEY) ?? '{}').sort).toEqual({ key: 'dailyCharge', order: 'descend' });
    view.unmount();
    await renderPage();
    expect(stationOrder()).toEqual(['1', '3', '2']);
  });

  it('hides a column from the chooser and keeps it hidden after a reload', async () => {
    const view = await renderPage();
    expect(screen.getByTestId('site-overview-sort-capacity')).toBeTruthy();
    fireEvent.click(screen.getByTestId('site-overview-columns'));
    fireEvent.click(screen.getByTestId('site-overview-column-capacity'));
    expect(screen.queryByTestId('site-overview-sort-capacity')).toBeNull();
    // The station name identifies a row and cannot be hidden.
    expect((screen.getByTestId('site-overview-column-name') as HTMLInputElement).disabled).toBe(true);
    view.unmount();
    await renderPage();
    expect(screen.queryByTestId('site-overview-sort-capacity')).toBeNull();
    expect(screen.getByTestId('site-overview-sort-dailyCharge')).toBeTruthy();
  });

  it('puts a station with a work order in progress on a device under "overhaul" and filters by it', async () => {
    await renderPage(ROWS.map((r, i) => (i === 0 ? { ...r, overhaulDevices: 2 } : r)));
    expect(screen.getByTestId('site-overview-legend-overhaul').textContent).toBe('Overhaul1');
    fireEvent.click(screen.getByTestId('site-overview-legend-overhaul'));
    expect(stationOrder()).toEqual([String(ROWS[0]?.stationId)]);
  });

  it('filters by a legend state and by name', async () => {
    await renderPage();
    fireEvent.click(screen.getByTestId('site-overview-legend-fault'));
    expect(stationOrder()).toEqual(['3']);
    fireEvent.click(screen.getByTestId('site-overview-legend-fault'));
    fireEvent.change(screen.getByTestId('site-overview-search'), { target: { value: 'gd-' } });
    expect(stationOrder()).toEqual(['2', '3']);
  });

  it('makes the clicked station current and opens its home page', async () => {
    await renderPage();
    fireEvent.click(screen.getByTestId('site-overview-row-2'));
    expect(useSession.getState().stationId).toBe(2);
    expect(screen.getByTestId('home-page')).toBeTruthy();
  });

  it('shows the live columns: storage power with its sign, SOC, energy available to discharge, revenue', async () => {
    await renderPage();
    const suzhou = screen.getByTestId('site-overview-row-1');
    expect(within(suzhou).getByText('-320.0 kW')).toBeTruthy();
    expect(within(suzhou).getByText('61.0 %')).toBeTruthy();
    expect(within(suzhou).getByText('2,550.0 kWh')).toBeTruthy();
    expect(within(suzhou).getByText('1,234.50 RMB')).toBeTruthy();
    expect(screen.getByTestId('site-overview-sort-storagePower')).toBeTruthy();
    expect(screen.getByTestId('site-overview-sort-todayRevenue')).toBeTruthy();
  });

  it('labels stations under construction and proposed ones as such, and leaves them out of the online count', async () => {
    await renderPage([
      row({}),
      row({ stationId: 4, code: 'JS-WX01', name: 'Wuxi', status: 'construction' }),
      row({ stationId: 5, code: 'GD-DG01', name: 'Dongguan', status: 'proposed' }),
      row({ stationId: 6, code: 'JS-NJ01', name: 'Nanjing', status: 'offline' }),
    ]);
    expect(screen.getByTestId('site-overview-status-4').textContent).toBe('Under construction');
    expect(screen.getByTestId('site-overview-status-5').textContent).toBe('Proposed');
    expect(screen.getByTestId('site-overview-status-6').textContent).toBe('Offline');
    expect(screen.getByTestId('site-overview-legend-construction').textContent).toContain('1');
    expect(screen.getByTestId('site-overview-legend-proposed').textContent).toContain('1');
    expect(screen.getByTestId('site-overview-legend-offline').textContent).toContain('1');
    // One of the two stations in operation communicates; the two not yet built do not count.
    expect(screen.getByTestId('site-overview-total-online').textContent).toBe('Communicating / in operation1 / 2');
    // Installed capacity is that of the two in operation; the other two are noted apart.
    expect(screen.getByTestId('site-overview-total-capacity').textContent).toBe(
      'Installed capacity10.0 MWh+ 10.0 MWh under construction or proposed',
    );
    fireEvent.click(screen.getByTestId('site-overview-legend-construction'));
    expect(stationOrder()).toEqual(['4']);
  });

  it('shows "-" where there is no data and 0 where the data says zero, in every column alike', async () => {
    await renderPage([
      row({ stationId: 7, dailyCharge: 0, dailyDischarge: 0, todayRevenue: 0, storagePower: 0, soc: 0 }),
      row({
        stationId: 8,
        code: 'JS-NJ01',
        name: 'Nanjing',
        status: 'offline',
        dailyCharge: null,
        dailyDischarge: null,
        todayRevenue: null,
        storagePower: null,
        soc: null,
        dischargeableEnergy: null,
        pcsConversion: null,
      }),
    ]);
    const zero = screen.getByTestId('site-overview-row-7');
    expect(within(zero).getAllByText('0.0 kWh')).toHaveLength(2);
    expect(within(zero).getByText('0.00 RMB')).toBeTruthy();
    expect(within(zero).getByText('0.0 kW')).toBeTruthy();
    expect(within(zero).getByText('0.0 %')).toBeTruthy();
    const none = screen.getByTestId('site-overview-row-8');
    expect(within(none).queryByText(/^0\.0/)).toBeNull();
    // Power, SOC, available energy, efficiency, charge, discharge and revenue: the same "-".
    expect(within(none).getAllByText('-').length).toBeGreaterThanOrEqual(7);
  });

  it('shows the alarm columns by default with the counts, a dash where a station has none', async () => {
    await renderPage([
      row({ alarmStatus: 1, alarmNum: 12, alarmUnresolvedNum: 3 }),
      row({ stationId: 2, code: 'GD-GZ01', name: 'Guangzhou', alarmStatus: 0, alarmNum: 0, alarmUnresolvedNum: 0 }),
      row({ stationId: 3, code: 'GD-SZ02', name: 'Shenzhen' }),
    ]);
    expect(screen.getByTestId('site-overview-sort-alarmNum')).toBeTruthy();
    expect(screen.queryByTestId('site-overview-alarm-pending')).toBeNull();
    const cell = (id: number, key: string) =>
      screen.getByTestId(`site-overview-row-${id}`).querySelector(`td[data-col="${key}"]`)?.textContent?.trim();
    expect(cell(1, 'alarmNum')).toBe('12');
    expect(cell(1, 'alarmUnresolvedNum')).toBe('3');
    expect(cell(1, 'alarmStatus')).toBe('Critical');
    expect(cell(2, 'alarmStatus')).toBe('None');
    expect(cell(2, 'alarmNum')).toBe('0');
    expect(cell(3, 'alarmNum')).toBe('-');
  });

  it('says when a search matches no station, unlike an empty scope, and clears the filter', async () => {
    await renderPage();
    fireEvent.change(screen.getByTestId('site-overview-search'), { target: { value: 'Hangzhou' } });
    expect(screen.getByTestId('site-overview-no-match').textContent).toBe('No station matches “Hangzhou”');
    expect(screen.queryByText('No stations in your scope')).toBeNull();
    fireEvent.click(screen.getByTestId('site-overview-clear-filters'));
    expect(stationOrder()).toEqual(['1', '2', '3']);
    fireEvent.click(screen.getByTestId('site-overview-legend-offline'));
    expect(screen.getByTestId('site-overview-no-match').textContent).toBe('No station is in the state “Offline”');
  });

  it('says so when the scope holds no station', async () => {
    await renderPage([]);
    expect(screen.queryByTestId('site-overview-no-match')).toBeNull();
  });
});
