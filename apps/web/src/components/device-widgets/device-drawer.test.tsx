import {
  type CurveResult,
  type DeviceNode,
  deviceApi,
  type PointData,
  type PointInfo,
  pointApi,
  type StationTree,
  shellApi,
} from '@ess/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartProps } from '@/lib/charts/chart-props';
import type { StationLive } from '@/lib/live/use-station-live';
import { useSession } from '@/lib/session/session-store';
import { answer, apiServer } from '@/test/api-server';
import { DeviceDrawer } from './device-drawer';

vi.mock('@/lib/charts/echart', () => ({
  EChart: ({ option }: ChartProps) => (
    <div data-testid="chart">{JSON.stringify((option as { series: { id: string }[] }).series.map((s) => s.id))}</div>
  ),
}));

/** The current station (the drawer looks its device up in that station's tree). */
const stations: StationTree = [
  {
    kind: 'province',
    id: 'province:32',
    code: '32',
    name: 'Jiangsu',
    children: [
      {
        kind: 'station',
        id: 1,
        code: 'JS-NJ01',
        name: 'Nanjing plant',
        address: null,
        provinceCode: '32',
        province: 'Jiangsu',
        city: null,
        ratedPowerKw: 200,
        capacityKwh: 430,
        gridConnectionTime: null,
        type: 'operating',
        longitude: 118.8,
        latitude: 32,
        timezone: 'Asia/Shanghai',
        contact: null,
        phone: null,
        orgId: 1,
        showWeather: false,
        forceChinese: false,
      },
    ],
  },
];

const pcs: DeviceNode = {
  id: 2,
  sn: 'S-PCS-1',
  name: 'PCS-1',
  type: 'pcs',
  typeName: 'PCS',
  status: 'online',
  modelCode: 'PCS-1250',
  modelName: 'Power conversion system',
  manufacturer: 'Sungrow',
  parentId: null,
  lastSeenAt: 1_000,
  unitPrice: null,
  serviceFee: null,
  children: [],
};

const info = (id: number, code: string, unit: string | null, extra: Partial<PointInfo> = {}): PointInfo => ({
  id,
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
const points: PointInfo[] = [
  info(1, 'p', 'kW'),
  info(2, 'q', 'kVar'),
  info(3, 'runState', null, { kind: 'status', precision: 0, states: { '0': 'Standby', '2': 'Discharging' } }),
  info(4, 'igbtTemp', '°C', { limit: { warnAbove: 90, alarmAbove: 105 } }),
];
const stored: PointData[] = [
  { id: 1, code: 'p', name: 'p-name', unit: 'kW', kind: 'telemetry', precision: 1, value: 0, ts: 1_000, text: null },
  {
    id: 2,
    code: 'q',
    name: 'q-name',
    unit: 'kVar',
    kind: 'telemetry',
    precision: 1,
    value: null,
    ts: null,
    text: null,
  },
  {
    id: 3,
    code: 'runState',
    name: 'runState-name',
    unit: null,
    kind: 'status',
    precision: 0,
    value: 0,
    ts: 1_000,
    text: 'Standby',
  },
];

const live = (values: Record<string, { value: number; ts: number }>): StationLive => ({
  status: 'live',
  summary: null,
  devices: { 2: values },
  deviceStatus: { 2: 'online' },
});

function wrap(qc: QueryClient) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
}

type CurveAsked = { deviceId: number; points: string[]; from: number; to: number };

describe('DeviceDrawer', () => {
  let curvesAsked: CurveAsked[];
  beforeEach(() => {
    useSession.setState({ stationId: 1, token: 'tok' });
    curvesAsked = [];
    apiServer.use(
      answer(shellApi.stationTree, stations),
      answer(deviceApi.deviceTree, [pcs]),
      answer(pointApi.pointList, points),
      answer(pointApi.pointDataShowList, stored),
      answer(pointApi.pointCurve, (body): CurveResult => {
        curvesAsked.push(body);
        return {
          from: body.from,
          to: body.to,
          series: body.points.map((code) => ({
            deviceId: 2,
            code,
            name: code,
            unit: 'kW',
            resolution: 'raw',
            bucketMs: null,
            data: [[body.from, 1]],
          })),
        };
      }),
    );
  });

  it('shows every point with stored values, then follows the live values and labels states', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { rerender } = render(<DeviceDrawer deviceId={2} onClose={() => {}} live={live({})} />, {
      wrapper: wrap(qc),
    });
    // The first render loads antd's table; allow it more than waitFor's default second.
    await waitFor(() => expect(screen.getByTestId('point-value-p').textContent).toBe('0.0 kW'), { timeout: 5000 });
    expect(screen.getByTestId('point-value-runState').textContent).toBe('Standby');
    expect(screen.getByTestId('point-value-q').textContent).toBe('-');
    expect(screen.getByTestId('device-drawer-title').textContent).toContain('PCS-1');

    rerender(
      <DeviceDrawer
        deviceId={2}
        onClose={() => {}}
        live={live({ p: { value: 812.44, ts: 2_000 }, runState: { value: 2, ts: 2_000 } })}
      />,
    );
    expect(screen.getByTestId('point-value-p').textContent).toBe('812.4 kW');
    expect(screen.getByTestId('point-value-runState').textContent).toBe('Discharging');
    expect(screen.getByTestId('device-drawer').dataset.tone).toBe('discharging');
    // More than the wait above: the test's own 5 s would end it first on a loaded machine.
  }, 20_000);

  it('marks a value past its model limit and a value too old to trust', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const now = Date.now();
    const { rerender } = render(
      <DeviceDrawer deviceId={2} onClose={() => {}} live={live({ igbtTemp: { value: 85, ts: now } })} />,
      { wrapper: wrap(qc) },
    );
    await waitFor(() => expect(screen.getByTestId('point-value-igbtTemp').textContent).toContain('85.0 °C'), {
      timeout: 5000,
    });
    expect(screen.getByTestId('point-value-igbtTemp').dataset.limit).toBe('normal');
    expect(screen.getByTestId('point-age-igbtTemp').dataset.limit).toBe('normal');
    // The stored run state is from 1970: far past the age limit.
    expect(screen.getByTestId('point-age-runState').dataset.limit).toBe('alarm');

    rerender(<DeviceDrawer deviceId={2} onClose={() => {}} live={live({ igbtTemp: { value: 96, ts: now } })} />);
    expect(screen.getByTestId('point-value-igbtTemp').dataset.limit).toBe('warning');
    // The drawer's figures above the table mark it the same way.
    expect(screen.getAllByLabelText('Above the warning limit of 90.0 °C')).toHaveLength(2);
    rerender(<DeviceDrawer deviceId={2} onClose={() => {}} live={live({ igbtTemp: { value: 106, ts: now } })} />);
    expect(screen.getByTestId('point-value-igbtTemp').dataset.limit).toBe('alarm');
  });

  it('plots the widget default points of the device type in its history tab', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(<DeviceDrawer deviceId={2} onClose={() => {}} live={live({})} tab="history" />, { wrapper: wrap(qc) });
    const chart = await screen.findByTestId('chart', {}, { timeout: 5000 });
    expect(JSON.parse(chart.textContent ?? '[]')).toEqual(['s:p', 's:q']);
    const [first] = curvesAsked;
    expect(first?.deviceId).toBe(2);
    expect(first?.points).toEqual(['p', 'q']);
    expect((first?.to ?? 0) - (first?.from ?? 0)).toBe(86_400_000);

    fireEvent.click(within(screen.getByTestId('device-history')).getByText('Last 7 days'));
    await waitFor(() => {
      const last = curvesAsked.at(-1);
      expect((last?.to ?? 0) - (last?.from ?? 0)).toBe(7 * 86_400_000);
    });
  });

  it('says so when the device is not in the current station', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(<DeviceDrawer deviceId={99} onClose={() => {}} live={live({})} />, { wrapper: wrap(qc) });
    expect(await screen.findByText(/not in the current station/)).toBeTruthy();
  });
});
