import {
  alarmApi,
  formatEnergy,
  formatWeight,
  monitoringApi,
  type SiteOverviewRow,
  type StationKpis,
  sessionApi,
  shellApi,
} from '@ess/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session/session-store';
import { answer, apiServer } from '@/test/api-server';
import { stationNode } from '@/test/fixtures';
import { emptySnapshot, liveSocket } from '@/test/live-socket';
import { renderWithClient, userWith } from '@/test/session-fixtures';
import { ScreenPage } from './screen-page';

const row = (stationId: number, over: Partial<SiteOverviewRow>): SiteOverviewRow => ({
  stationId,
  code: `S-${stationId}`,
  name: `Station ${stationId}`,
  capacity: 2000,
  ratedPowerKw: 1000,
  status: 'normal',
  timezone: 'Asia/Shanghai',
  offlineSince: null,
  time: null,
  alarmStatus: null,
  alarmNum: 0,
  alarmUnresolvedNum: 0,
  overhaulDevices: 0,
  pcsConversion: null,
  dailyCharge: null,
  dailyDischarge: null,
  todayRevenue: null,
  currency: 'CNY',
  storagePower: null,
  soc: null,
  dischargeableEnergy: null,
  totalChargeE: null,
  totalDischargeE: null,
  minTemperature: null,
  maxTemperature: null,
  pcsMaxTemperature: null,
  emsCpuuseProportion: null,
  emsMemuseProportion: null,
  emsHarduseProportion: null,
  ...over,
});

const ROWS = [
  row(5, { dailyCharge: 1200, dailyDischarge: 900, todayRevenue: 310.5, storagePower: 400, soc: 55 }),
  row(6, { dailyCharge: 300, dailyDischarge: 2100, todayRevenue: 89.5, storagePower: 200, alarmNum: 2, soc: 40 }),
  row(7, { status: 'offline', capacity: 500 }),
];
/** A station's home KPIs: only the carbon of PV today matters here (stations 5 and 6 know it). */
const kpis = (stationId: number): StationKpis => ({
  stationId,
  date: '2026-12-04',
  timezone: 'Asia/Shanghai',
  ratedPowerKw: 1000,
  capacityKwh: 2000,
  soc: null,
  storagePowerKw: null,
  todayChargeKwh: null,
  todayDischargeKwh: null,
  totalChargeKwh: null,
  totalDischargeKwh: null,
  todayRevenue: null,
  currency: 'CNY',
  pvTodayKwh: null,
  pvTotalKwh: null,
  carbonTodayT: stationId === 5 ? 1.2 : stationId === 6 ? 1.4 : null,
  carbonTotalT: null,
  carbonFactor: 0.5703,
  ts: 0,
});
const asked: number[] = [];

function setup(powerList: string[], path = '/screen') {
  useSession.setState({ token: 'tok', stationId: 5 });
  asked.length = 0;
  apiServer.use(
    answer(sessionApi.userInfo, userWith(powerList)),
    answer(shellApi.stationTree, [
      {
        kind: 'province',
        id: 'province:32',
        code: '32',
        name: 'Jiangsu',
        children: [stationNode(5), stationNode(7, { longitude: 119, latitude: 32 })],
      },
      {
        kind: 'province',
        id: 'province:44',
        code: '44',
        name: 'Guangdong',
        children: [stationNode(6, { provinceCode: '44', longitude: 113.3, latitude: 23.1 })],
      },
    ]),
    answer(monitoringApi.siteOverview, ROWS),
    http.post(`*${monitoringApi.pcsStationData.path}`, async ({ request }) => {
      const { stationId } = (await request.json()) as { stationId: number };
      return Response.json({ code: 200, msg: 'ok', data: kpis(stationId) });
    }),
    http.post(`*${alarmApi.alarmRealtimePage.path}`, async ({ request }) => {
      const { stationId } = (await request.json()) as { stationId: number };
      asked.push(stationId);
      return Response.json({
        code: 200,
        msg: 'ok',
        data: {
          total: 1,
          rows: [
            {
              id: 91,
              stationId,
              stationName: `Station ${stationId}`,
              deviceId: 3,
              deviceName: 'PCS-1',
              deviceType: 'pcs',
              kind: 'rule',
              definitionId: null,
              pointCode: 'temp',
              pointName: 'IGBT temperature',
              value: 95,
              limit: 90,
              level: 1,
              content: 'IGBT over temperature',
              raisedAt: Date.UTC(2026, 11, 4, 2, 5),
              recoveredAt: null,
              confirmed: false,
              confirmer: null,
              confirmedAt: null,
              remark: null,
              workOrder: null,
            },
          ],
        },
      });
    }),
    answer(monitoringApi.energyFlow, { ...emptySnapshot(5).summary, ts: null }),
    answer(monitoringApi.realtimeCurve, { date: '2026-12-04', timezone: 'Asia/Shanghai', from: 0, to: 1, series: [] }),
    answer(monitoringApi.deviceStatus, {
      types: [],
      total: { total: 12, online: 11, offline: 1, fault: 0 },
    }),
    liveSocket(emptySnapshot).handler,
  );
  return renderWithClient(
    <Routes>
      <Route path={path} element={<ScreenPage />} />
    </Routes>,
    path,
  );
}

const kpi = (key: string) => screen.getByTestId(`screen-kpi-${key}-value`).textContent;
const energy = (kwh: number) => {
  const f = formatEnergy(kwh, 'kWh', 'en_US');
  return `${f.value} ${f.unit}`;
};

describe('the large screens', () => {
  beforeEach(() => {
    window.location.hash = '';
  });
  afterEach(() => {
    window.location.hash = '';
  });

  it('adds the fleet up from the site overview, asks alarms only of stations that have some', async () => {
    setup([]);
    await waitFor(() => expect(kpi('stations')).toBe('3'));
    expect(screen.getByTestId('screen-title').textContent).toBe('Energy storage fleet monitoring');
    expect(kpi('charge')).toBe(energy(1500));
    expect(kpi('discharge')).toBe(energy(3000));
    expect(kpi('power')).toBe(energy(600).replace('kWh', 'kW'));
    // The offline station is in operation and not online: 2 of 3.
    expect(screen.getByTestId('screen-online-pct').textContent).toBe('66.7%');
    const w = formatWeight(2600, 'en_US');
    await waitFor(() => expect(kpi('carbon')).toBe(`${w.value} ${w.unit}`));
    const alarm = await screen.findByTestId('screen-alarm');
    expect(alarm.textContent).toContain('Station 6 · PCS-1 · IGBT temperature');
    expect(asked).toEqual([6]);
    // The ranking puts the larger discharge first; every station is on the map.
    expect(screen.getByTestId('screen-ranking').textContent).toMatch(/1\. Station 6.*2\. Station 5/);
    // Stations 5 and 7 lie close together: one marker with both on the country map.
    expect(screen.getByTestId('screen-marker-6')).toBeTruthy();
    expect(screen.getByTestId('screen-marker-group-5-7').dataset.count).toBe('2');
  });

  it('drills down to a province and a station through the hash, and back up', async () => {
    setup([]);
    await waitFor(() => expect(kpi('stations')).toBe('3'));
    fireEvent.click(screen.getByTestId('screen-province-32'));
    await waitFor(() => expect(kpi('stations')).toBe('2'));
    expect(window.location.hash).toBe('#/province/32');
    expect(kpi('charge')).toBe(energy(1200));
    fireEvent.click(screen.getByTestId('screen-marker-5'));
    await waitFor(() => expect(screen.getByTestId('screen-title').textContent).toBe('Station 5'));
    expect(kpi('stations')).toBe('55.0%');
    await waitFor(() => expect(screen.getByTestId('screen-station-devices').textContent).toBe('11 / 12'));
    fireEvent.click(screen.getByTestId('screen-up'));
    await waitFor(() => expect(window.location.hash).toBe('#/province/32'));
  });

  it('opens /new-screen on the chosen station, with its own CO₂ avoided today', async () => {
    setup([], '/new-screen');
    await waitFor(() => expect(screen.getByTestId('screen-title').textContent).toBe('Station 5'));
    const w = formatWeight(1200, 'en_US');
    await waitFor(() => expect(kpi('carbon')).toBe(`${w.value} ${w.unit}`));
  });
});
