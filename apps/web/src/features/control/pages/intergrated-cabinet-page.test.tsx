import {
  type CabinetRow,
  CONTROL_PERMS,
  type CommandRow,
  type ControlCommandBody,
  type ControlPoint,
  controlApi,
  type DeviceNode,
  deviceApi,
  monitoringApi,
  pointApi,
} from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session/session-store';
import { tokenStore } from '@/lib/storage';
import { answer, apiServer } from '@/test/api-server';
import { confirmControlPassword } from '@/test/control-password';
import { liveSocket } from '@/test/live-socket';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { IntergratedCabinetPage } from './intergrated-cabinet-page';

// Sealing is the login cipher's (tested with the password dialog); here a sealed secret is its base64 text.
vi.mock('@/lib/session/api/public-key', () => ({
  seal: async (secret: string) => ({ cipher: btoa(secret), aesKey: 'aw==', iv: 'aw==' }),
  withSealed: <T,>(run: () => Promise<T>) => run(),
}));

const SLOW = { timeout: 8000 };
const STATION = 5;
const CABINET = 31;

const pSet: ControlPoint = {
  code: 'pSet',
  name: 'Power setpoint',
  kind: 'setpoint',
  unit: 'kW',
  precision: 1,
  min: -100,
  max: 100,
  states: null,
  value: 0,
  ts: 1_000,
};
const startStop: ControlPoint = {
  code: 'startStop',
  name: 'Start/stop',
  kind: 'control',
  unit: null,
  precision: 0,
  min: null,
  max: null,
  states: [
    { value: 0, label: 'Stopped' },
    { value: 1, label: 'Running' },
  ],
  value: 0,
  ts: 1_000,
};
const cabinet: CabinetRow = {
  deviceId: CABINET,
  sn: 'JS-5-CAB1',
  name: 'Cabinet 1',
  online: true,
  runState: 0,
  runStateLabel: 'Standby',
  power: 0,
  soc: 50,
  ratedPowerKw: 100,
  points: [pSet, startStop],
  inFlight: null,
};
const ems: DeviceNode = {
  id: 30,
  sn: 'JS-5-EMS',
  name: 'EMS',
  type: 'ems',
  typeName: 'EMS',
  status: 'online',
  modelCode: 'EMS-3000',
  modelName: null,
  manufacturer: null,
  parentId: null,
  lastSeenAt: 1_000,
  unitPrice: null,
  serviceFee: null,
  children: [],
};
const modeSet: ControlPoint = {
  code: 'modeSet',
  name: 'Operating mode setting',
  kind: 'control',
  unit: null,
  precision: 0,
  min: null,
  max: null,
  states: [
    { value: 0, label: 'Manual' },
    { value: 1, label: 'Strategy' },
  ],
  value: 1,
  ts: 1_000,
};

const ack = (state: CommandRow['state']): CommandRow => ({
  id: 88,
  commandId: 'c-88',
  stationId: STATION,
  deviceId: CABINET,
  deviceSn: cabinet.sn,
  kind: 'points',
  pointCode: 'startStop',
  value: 1,
  state,
  issuedBy: 'Olga Operator',
  createTime: 10_000,
  sentTime: 10_100,
  resolvedTime: 10_900,
  message: null,
});

describe('integrated cabinet page', { timeout: 60_000 }, () => {
  let bodies: ControlCommandBody[];
  let live: ReturnType<typeof liveSocket>;

  beforeEach(() => {
    bodies = [];
    tokenStore.set('tok');
    live = liveSocket(() => ({
      ts: 2_000,
      devices: [
        {
          deviceId: CABINET,
          sn: cabinet.sn,
          name: cabinet.name,
          type: 'cabinet',
          status: 'online',
          values: {
            p: { value: -50, ts: 2_000 },
            soc: { value: 61, ts: 2_000 },
            runState: { value: 1, ts: 2_000 },
            // A sequence run holds the cabinet (rank 4, above a remote setpoint) since that second.
            ctrlSource: { value: 4, ts: 2_000 },
            ctrlSince: { value: 1_700_000_000, ts: 2_000 },
          },
        },
      ],
      summary: {
        stationId: STATION,
        ts: 2_000,
        storagePower: -50,
        soc: 61,
        pvPower: null,
        loadPower: null,
        gridPower: null,
        chargerPower: null,
      },
    }));
    apiServer.use(
      ...sessionHandlers([CONTROL_PERMS.cabinetControl]),
      live.handler,
      answer(controlApi.cabinets, [cabinet]),
      answer(deviceApi.deviceTree, [ems]),
      answer(pointApi.pointList, []),
      answer(controlApi.points, {
        deviceId: ems.id,
        stationId: STATION,
        online: true,
        points: [modeSet],
        inFlight: null,
      }),
      answer(monitoringApi.energyFlow, {
        stationId: STATION,
        ts: null,
        storagePower: null,
        soc: null,
        pvPower: null,
        loadPower: null,
        gridPower: null,
        chargerPower: null,
      }),
      answer(controlApi.commandDetail, { ...ack('sent'), createdAt: 10_000, sentAt: 10_100, resolvedAt: null }),
      answer(controlApi.command, (body) => {
        bodies.push(body);
        return { id: 88, state: 'sent' as const };
      }),
    );
  });
  afterEach(() => {
    tokenStore.clear();
    useSession.setState({ token: null });
  });

  it('shows live run state and power, starts a cabinet after confirming and the password, and follows the delivery', async () => {
    renderWithClient(<IntergratedCabinetPage />);
    const card = await screen.findByTestId(`cabinet-${CABINET}`, {}, SLOW);
    await waitFor(() => expect(within(card).getByTestId(`cabinet-${CABINET}-run`).textContent).toBe('Charging'), SLOW);
    expect(within(card).getByTestId(`cabinet-${CABINET}-power`).textContent).toBe('-50.0 kW (charging)');
    // Who is in control, as the cabinet reports it, marked as outranking a setpoint from here.
    const source = within(card).getByTestId(`cabinet-${CABINET}-source`);
    expect(source.dataset.source).toBe('sequence');
    expect(source.textContent).toMatch(/^Sequence runsince 2023-11-1[45] \d\d:13:20/);
    expect(source.querySelector('.ant-tag-warning')).not.toBeNull();

    fireEvent.click(await within(card).findByTestId(`cabinet-${CABINET}-start`, {}, SLOW));
    expect(await screen.findByText('Start Cabinet 1?', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await confirmControlPassword();
    await waitFor(() => expect(bodies).toHaveLength(1), SLOW);
    expect(bodies[0]).toMatchObject({
      deviceId: CABINET,
      pointCode: 'startStop',
      value: 1,
      password: btoa('right-pass-1'),
    });

    expect(await within(card).findByTestId('command-state-sent', {}, SLOW)).toBeTruthy();
    live.push({ type: 'command', stationId: STATION, command: ack('success') });
    expect(await within(card).findByTestId('command-state-success', {}, SLOW)).toBeTruthy();
  });

  it("holds a station setpoint beyond the station's rated power in the form (issue 20): nothing is sent", async () => {
    const setPoints: unknown[] = [];
    apiServer.use(
      ...sessionHandlers([CONTROL_PERMS.send, CONTROL_PERMS.cabinetControl]),
      answer(controlApi.setPoint, (body) => {
        setPoints.push(body);
        return { id: 89, state: 'sent' as const };
      }),
    );
    renderWithClient(<IntergratedCabinetPage />);
    const card = await screen.findByTestId('station-setpoint', {}, SLOW);
    // Station 5 of the session fixtures is rated 1,000 kW.
    fireEvent.change(within(card).getByTestId('station-setpoint-value'), { target: { value: '1500' } });
    fireEvent.click(await within(card).findByTestId('station-setpoint-deliver', {}, SLOW));
    expect(await within(card).findByText('The value must be between -1000 and 1000', {}, SLOW)).toBeTruthy();
    expect(setPoints).toHaveLength(0);
  });

  it('offers the station setpoint only to holders of remote:order:send', async () => {
    renderWithClient(<IntergratedCabinetPage />);
    const card = await screen.findByTestId('station-setpoint', {}, SLOW);
    await screen.findByTestId(`cabinet-${CABINET}-start`, {}, SLOW);
    // This cabinet operator may start cabinets but not set the station's power or mode.
    expect(within(card).queryByTestId('station-setpoint-deliver')).toBeNull();
    const emsCard = await screen.findByTestId('ems-controls', {}, SLOW);
    expect((await within(emsCard).findByTestId('ems-modeSet-current', {}, SLOW)).textContent).toBe('Strategy');
    expect(within(emsCard).queryByTestId('ems-modeSet-deliver')).toBeNull();
  });
});
