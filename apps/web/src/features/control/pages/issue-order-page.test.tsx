import {
  CONTROL_PERMS,
  type CommandPage,
  type ControlCommandBody,
  type ControlDevicePoints,
  type ControlPoint,
  controlApi,
  type DeviceNode,
  deviceApi,
  monitoringApi,
  type PointInfo,
  pointApi,
  ResultCode,
} from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session/session-store';
import { tokenStore } from '@/lib/storage';
import { answer, apiServer, type Reply } from '@/test/api-server';
import { confirmControlPassword } from '@/test/control-password';
import { emptySnapshot, liveSocket } from '@/test/live-socket';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { IssueOrderPage } from './issue-order-page';

// Sealing is the login cipher's (tested with the password dialog); here a sealed secret is its base64 text.
vi.mock('@/lib/session/api/public-key', () => ({
  seal: async (secret: string) => ({ cipher: btoa(secret), aesKey: 'aw==', iv: 'aw==' }),
  withSealed: <T,>(run: () => Promise<T>) => run(),
}));

const SLOW = { timeout: 8000 };
const STATION = 5;

const pcs: DeviceNode = {
  id: 21,
  sn: 'JS-5-PCS1',
  name: 'PCS 1',
  type: 'pcs',
  typeName: 'PCS',
  status: 'online',
  modelCode: 'PCS-1250',
  modelName: null,
  manufacturer: null,
  parentId: null,
  lastSeenAt: 1_000,
  unitPrice: null,
  serviceFee: null,
  children: [],
};
const pSet: ControlPoint = {
  code: 'pSet',
  name: 'Power setpoint',
  kind: 'setpoint',
  unit: 'kW',
  precision: 1,
  min: -1250,
  max: 1250,
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
  value: 1,
  ts: 1_000,
};

const dcBreaker: ControlPoint = {
  ...startStop,
  code: 'dcBreaker',
  name: 'DC breaker open/close',
  states: [
    { value: 0, label: 'Open' },
    { value: 1, label: 'Closed' },
  ],
};
// The device reports no setpoint or control (nor does the server have a value for them): their
// present state comes from the readings that show it.
const unreported = (p: ControlPoint): ControlPoint => ({ ...p, value: null, ts: null });
const meta = (code: string, name: string, states: Record<string, string> | null = null): PointInfo => ({
  id: code.length,
  code,
  name,
  unit: states ? null : 'kW',
  kind: states ? 'status' : 'telemetry',
  precision: 1,
  min: null,
  max: null,
  counter: false,
  states,
  limit: null,
});
const pcsMeta = [
  meta('p', 'Active power'),
  meta('runState', 'Run state', { '0': 'Standby', '1': 'Charging', '2': 'Discharging', '3': 'Fault', '4': 'Shutdown' }),
  meta('dcBreakerState', 'DC breaker state', { '0': 'Open', '1': 'Closed' }),
];
const pcsReadings = (p: number, runState: number) => ({
  ts: 2_000,
  devices: [
    {
      deviceId: pcs.id,
      sn: pcs.sn,
      name: pcs.name,
      type: 'pcs' as const,
      status: 'online' as const,
      values: {
        p: { value: p, ts: 2_000 },
        runState: { value: runState, ts: 2_000 },
        dcBreakerState: { value: 1, ts: 2_000 },
      },
    },
  ],
});

type PageRow = CommandPage['rows'][number];
const row = (id: number, state: PageRow['state'], message: string | null = null, cancellable = true): PageRow => ({
  id,
  commandId: `c-${id}`,
  stationId: STATION,
  deviceId: pcs.id,
  deviceSn: pcs.sn,
  kind: 'points',
  pointCode: 'pSet',
  pointName: 'Power setpoint (test)',
  deviceName: 'PCS one (test)',
  value: 300,
  state,
  issuedBy: 'Olga Operator',
  createTime: 10_000,
  sentTime: 10_100,
  resolvedTime: state === 'sent' ? null : 10_900,
  message,
  cancellable: cancellable && state === 'sent',
});

describe('issue order page', { timeout: 60_000 }, () => {
  let bodies: ControlCommandBody[];
  let busy: boolean;
  let live: ReturnType<typeof liveSocket>;
  let snapshot: typeof emptySnapshot;
  /** Command 77 as the server stores it once the device answered (pushed after it is stored). */
  let answered: PageRow | null;

  beforeEach(() => {
    bodies = [];
    answered = null;
    busy = false;
    tokenStore.set('tok');
    snapshot = emptySnapshot;
    live = liveSocket((stationId) => snapshot(stationId));
    apiServer.use(
      ...sessionHandlers([CONTROL_PERMS.send]),
      live.handler,
      answer(deviceApi.deviceTree, [pcs]),
      answer(pointApi.pointList, pcsMeta),
      // While the socket connects the page polls (use-station-live): nothing new there.
      answer(pointApi.pointDataShowList, []),
      answer(monitoringApi.energyFlow, emptySnapshot(STATION).summary),
      answer(
        controlApi.points,
        (): ControlDevicePoints => ({
          deviceId: pcs.id,
          stationId: STATION,
          online: true,
          points: [pSet, startStop],
          inFlight: null,
        }),
      ),
      answer(controlApi.commandPage, () => ({
        rows: bodies.length > 0 ? [answered ?? row(77, 'sent')] : [],
        total: bodies.length,
      })),
      answer(controlApi.commandDetail, () => ({
        id: 77,
        deviceId: pcs.id,
        pointCode: 'pSet',
        value: 300,
        state: answered?.state ?? ('sent' as const),
        message: answered?.message ?? null,
        issuedBy: 'Olga Operator',
        createdAt: 10_000,
        sentAt: 10_100,
        resolvedAt: answered ? 10_900 : null,
      })),
      answer(controlApi.command, (body): Reply<typeof controlApi.command> => {
        bodies.push(body);
        if (busy) return { fail: { status: 409, code: ResultCode.CONFLICT, msg: 'Delivery in progress, please wait' } };
        return { id: 77, state: 'sent' };
      }),
    );
  });
  afterEach(() => {
    tokenStore.clear();
    useSession.setState({ token: null });
  });

  async function choosePcs() {
    renderWithClient(<IssueOrderPage />);
    fireEvent.mouseDown(within(await screen.findByTestId('device-select', {}, SLOW)).getByRole('combobox'));
    fireEvent.click((await screen.findAllByTitle('PCS 1 (JS-5-PCS1)', {}, SLOW)).at(-1) as HTMLElement);
    return screen.findByTestId('point-pSet', {}, SLOW);
  }
  const setValue = async (form: HTMLElement, value: string) => {
    fireEvent.change(within(form).getByRole('spinbutton'), { target: { value } });
    fireEvent.click(await within(form).findByTestId('point-pSet-deliver', {}, SLOW));
  };
  /** Sets a value the check accepts and delivers it once Deliver is enabled (the form's watched
   * value arrives a render later, late under load; a click before it confirms nothing). */
  const deliverValue = async (form: HTMLElement, value: string) => {
    fireEvent.change(within(form).getByRole('spinbutton'), { target: { value } });
    const deliver = (await within(form).findByTestId('point-pSet-deliver', {}, SLOW)) as HTMLButtonElement;
    await waitFor(() => expect(deliver.disabled).toBe(false), SLOW);
    fireEvent.click(deliver);
  };

  it('shows the present value of every point live, from the readings that show it', async () => {
    snapshot = (stationId) => ({ ...emptySnapshot(stationId), ...pcsReadings(499, 2) });
    apiServer.use(
      answer(controlApi.points, {
        deviceId: pcs.id,
        stationId: STATION,
        online: true,
        points: [pSet, startStop, dcBreaker].map(unreported),
        inFlight: null,
      }),
    );
    await choosePcs();
    await waitFor(() => expect(screen.getByTestId('current-pSet').textContent).toBe('499.0 kW (Active power)'), SLOW);
    expect(screen.getByTestId('current-startStop').textContent).toBe('Running');
    expect(screen.getByTestId('current-dcBreaker').textContent).toBe('Closed');
    // The PCS stops and then faults: the screen follows the socket.
    live.push({ type: 'latest', stationId: STATION, deviceId: pcs.id, values: { runState: { value: 4, ts: 3_000 } } });
    await waitFor(() => expect(screen.getByTestId('current-startStop').textContent).toBe('Stopped'), SLOW);
    live.push({ type: 'latest', stationId: STATION, deviceId: pcs.id, values: { runState: { value: 3, ts: 4_000 } } });
    await waitFor(() => expect(screen.getByTestId('current-startStop').textContent).toBe('Fault'), SLOW);
  });

  it('keeps Deliver disabled until the value passes the value check', async () => {
    const form = await choosePcs();
    await within(form).findByTestId('point-pSet-deliver', {}, SLOW);
    const deliverButton = () => within(form).getByTestId('point-pSet-deliver') as HTMLButtonElement;
    expect(deliverButton().disabled).toBe(true);
    fireEvent.change(within(form).getByRole('spinbutton'), { target: { value: '1300' } });
    await waitFor(() => expect(deliverButton().disabled).toBe(true), SLOW);
    fireEvent.change(within(form).getByRole('spinbutton'), { target: { value: '300' } });
    await waitFor(() => expect(deliverButton().disabled).toBe(false), SLOW);
    const stateForm = screen.getByTestId('point-startStop');
    expect((within(stateForm).getByTestId('point-startStop-deliver') as HTMLButtonElement).disabled).toBe(true);
  });

  it('titles the page with its menu entry', async () => {
    renderWithClient(<IssueOrderPage />);
    expect(await screen.findByText('Command delivery', {}, SLOW)).toBeTruthy();
  });

  it('blocks a value outside the point range before asking for the password', async () => {
    const form = await choosePcs();
    await setValue(form, '1300');
    expect(await within(form).findByText('The value must be between -1250 and 1250', {}, SLOW)).toBeTruthy();
    await setValue(form, '-70000');
    expect(await within(form).findByText('The value must be between -1250 and 1250', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bodies).toHaveLength(0);
  });

  it('delivers with the sealed password and the row turns to success from a live command message', async () => {
    const form = await choosePcs();
    await deliverValue(form, '300');
    await confirmControlPassword();
    await waitFor(() => expect(bodies).toHaveLength(1), SLOW);
    expect(bodies[0]).toEqual({
      deviceId: pcs.id,
      pointCode: 'pSet',
      value: 300,
      password: btoa('right-pass-1'),
      aesKey: 'aw==',
      iv: 'aw==',
    });
    const points = screen.getByTestId(`points-${pcs.id}`);
    expect(await within(points).findByTestId('command-state-sent', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(live.followers(STATION)).toBeGreaterThan(0), SLOW);
    // As the server does: the answer is stored, then pushed; a list read after the push (the
    // page resyncing on its snapshot, late under load) sees the same state.
    answered = row(77, 'success', 'done by PCS');
    live.push({ type: 'command', stationId: STATION, command: answered });
    expect(await within(points).findByTestId('command-state-success', {}, SLOW)).toBeTruthy();
    expect(within(points).getByTestId('command-77-message').textContent).toBe('done by PCS');
  });

  it('shows the server refusal of a second delivery to a busy device in the dialog', async () => {
    busy = true;
    const form = await choosePcs();
    await deliverValue(form, '100');
    const dialog = await confirmControlPassword();
    expect((await within(dialog).findByTestId('control-password-error', {}, SLOW)).textContent).toBe(
      'Delivery in progress, please wait',
    );
  });

  it('lists the station commands and cancels one still in flight', async () => {
    const cancelled: number[] = [];
    apiServer.use(
      answer(controlApi.commandPage, () => ({
        rows: [row(78, 'sent', null, false), row(77, 'sent'), row(76, 'success', 'ok')],
        total: 3,
      })),
      answer(controlApi.commandCancel, ({ id }) => {
        cancelled.push(id);
        return {
          id,
          deviceId: pcs.id,
          pointCode: 'pSet',
          value: 300,
          state: 'cancelled' as const,
          message: null,
          issuedBy: 'Olga Operator',
          createdAt: 10_000,
          sentAt: 10_100,
          resolvedAt: 10_500,
        };
      }),
    );
    renderWithClient(<IssueOrderPage />);
    const history = await screen.findByTestId('command-history', {}, SLOW);
    expect(await within(history).findByText('ok', {}, SLOW)).toBeTruthy();
    // Rows name the point and the device as the server gives them, not by code or serial.
    expect(within(history).getAllByText('Power setpoint (test)').length).toBeGreaterThan(0);
    expect(within(history).getAllByText('PCS one (test)').length).toBeGreaterThan(0);
    // Only a command in flight that the caller may withdraw (the server says so) offers cancel.
    expect(within(history).queryByTestId('cancel-76')).toBeNull();
    expect(within(history).queryByTestId('cancel-78')).toBeNull();
    fireEvent.click(within(history).getByTestId('cancel-77'));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }, SLOW));
    await waitFor(() => expect(cancelled).toEqual([77]), SLOW);
  });
});
