import {
  type CommandRow,
  localClock,
  monitoringApi,
  PLAN_CURVE_PERMS,
  type PlanCurveTemplate,
  type PlanDeliverBody,
  type PlanDelivery,
  type PlanDeliveryStation,
  planCurveApi,
  planSegmentAt,
  shellApi,
} from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/api/notifier';
import { useSession } from '@/lib/session/session-store';
import { tokenStore } from '@/lib/storage';
import { answer, apiServer, type Reply } from '@/test/api-server';
import { confirmControlPassword } from '@/test/control-password';
import { stationNode, stationTreeOf } from '@/test/fixtures';
import { emptySnapshot, liveSocket } from '@/test/live-socket';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { PlanCurveIssuePage } from './plan-curve-issue-page';

vi.mock('@/lib/charts/echart', () => ({ EChart: () => <div data-testid="echart" /> }));
// Sealing is the login cipher's (tested with the password dialog); here a sealed secret is its base64 text.
vi.mock('@/lib/session/api/public-key', () => ({
  seal: async (secret: string) => ({ cipher: btoa(secret), aesKey: 'aw==', iv: 'aw==' }),
  withSealed: <T,>(run: () => Promise<T>) => run(),
}));

const SLOW = { timeout: 8000 };

const template: PlanCurveTemplate = {
  id: 1,
  code: 'PC-1',
  name: 'Night charge',
  stationId: null,
  stationName: null,
  segments: [
    { start: '00:00', end: '06:00', powerKw: -250, socMax: 95, socMin: 10 },
    { start: '18:00', end: '21:00', powerKw: 250, socMax: 95, socMin: 20 },
  ],
  enabled: true,
  editable: true,
  modifyTime: 1_700_000_000_000,
  modifiedBy: 'Olga Operator',
  createTime: 1_690_000_000_000,
};

const station = (
  id: number,
  state: PlanDeliveryStation['state'],
  message: string | null = null,
): PlanDeliveryStation => ({
  stationId: id,
  stationName: `Station ${id}`,
  stationCode: `JS-${id}`,
  commandId: 100 + id,
  state,
  message,
  sentTime: 1_700_000_100_000,
  resolvedTime: state === 'sent' ? null : 1_700_000_200_000,
  execution: state === 'success' ? 'executing' : null,
  controlSource: state === 'success' ? 'planCurve' : null,
  controlSince: state === 'success' ? 1_700_000_200_000 : null,
});

const delivery = (stations: PlanDeliveryStation[]): PlanDelivery => ({
  id: 31,
  templateId: template.id,
  templateCode: template.code,
  templateName: template.name,
  templateModifyTime: template.modifyTime,
  state: stations.some((s) => s.state === 'sent') ? 'inProgress' : 'partial',
  issuedBy: 'Olga Operator',
  createTime: 1_700_000_050_000,
  stations,
  segments: template.segments,
});

const command = (id: number, state: CommandRow['state'], message: string | null): CommandRow => ({
  id: 100 + id,
  commandId: `c-${id}`,
  stationId: id,
  deviceId: 900 + id,
  deviceSn: `EMS-${id}`,
  kind: 'planCurve',
  pointCode: null,
  value: null,
  state,
  issuedBy: 'Olga Operator',
  createTime: 1_700_000_050_000,
  sentTime: 1_700_000_100_000,
  resolvedTime: 1_700_000_200_000,
  message,
});

describe('plan curve delivery', { timeout: 60_000 }, () => {
  let bodies: PlanDeliverBody[];
  let settled: boolean;
  let live: ReturnType<typeof liveSocket>;

  beforeEach(() => {
    bodies = [];
    settled = false;
    // The live socket signs in with the stored token.
    tokenStore.set('tok');
    live = liveSocket(emptySnapshot);
    apiServer.use(
      answer(
        shellApi.stationTree,
        stationTreeOf(stationNode(5), stationNode(6), stationNode(7, { name: 'Small site', ratedPowerKw: 100 })),
      ),
      ...sessionHandlers([PLAN_CURVE_PERMS.issue]),
      live.handler,
      answer(planCurveApi.page, { rows: [template], total: 1 }),
      answer(planCurveApi.detail, template),
      answer(monitoringApi.energyFlow, (b) => ({
        stationId: b.stationId,
        ts: 1_000,
        storagePower: -242.5,
        soc: 40,
        pvPower: 0,
        loadPower: 300,
        gridPower: 57.5,
        chargerPower: 0,
      })),
      answer(planCurveApi.deliver, (body): Reply<typeof planCurveApi.deliver> => {
        bodies.push(body);
        return delivery(body.stationIds.map((id) => station(id, 'sent')));
      }),
      // Told before: station 5 runs on a PCS setpoint the plan releases; station 6 has its EMS stopped.
      answer(planCurveApi.deliverCheck, (b) =>
        b.stationIds.map((id) => ({
          stationId: id,
          stationName: `Station ${id}`,
          controlSource: id === 6 ? 'local' : 'setpoint',
          controlSince: 1_700_000_000_000,
          refused: id === 6 ? 'The station is under local control (EMS stopped) and refuses the plan' : null,
          releases: id === 6 ? [] : [{ deviceId: 51, deviceName: 'JS-5 PCS 1', source: 'setpoint' as const }],
        })),
      ),
      answer(planCurveApi.deliveryDetail, () =>
        delivery(
          settled
            ? [station(5, 'success', 'plan accepted'), station(6, 'failure', 'EMS refused: manual mode')]
            : [station(5, 'sent'), station(6, 'sent')],
        ),
      ),
    );
  });
  afterEach(() => {
    useSession.setState({ token: null });
    tokenStore.clear();
    vi.restoreAllMocks();
  });

  async function choose(ids = [5, 6], title = 'PC-1 · Night charge') {
    renderWithClient(<PlanCurveIssuePage />);
    fireEvent.mouseDown(within(await screen.findByTestId('plan-issue-template', {}, SLOW)).getByRole('combobox'));
    fireEvent.click((await screen.findAllByTitle(title, {}, SLOW)).at(-1) as HTMLElement);
    await screen.findByTestId('plan-issue-preview', {}, SLOW);
    for (const id of ids) {
      fireEvent.click(within(await screen.findByTestId(`plan-issue-station-${id}`, {}, SLOW)).getByRole('checkbox'));
    }
  }
  const stateOf = (id: number) => screen.getByTestId(`plan-status-${id}`).dataset.state;

  it('says "no data to distribute" without a template or stations', async () => {
    const warning = vi.spyOn(notify, 'warning');
    renderWithClient(<PlanCurveIssuePage />);
    fireEvent.click(await screen.findByTestId('plan-deliver', {}, SLOW));
    await waitFor(() => expect(warning).toHaveBeenCalledWith('No data to distribute'));
    expect(bodies).toHaveLength(0);
  });

  it('delivers to two stations with the sealed password; states turn to success and failure', async () => {
    const warning = vi.spyOn(notify, 'warning');
    await choose();
    // The small site's rated power is below the plan's 250 kW: marked, though not chosen.
    expect(screen.getByTestId('plan-issue-over-rated-7')).toBeTruthy();
    expect(screen.queryByTestId('plan-issue-over-rated-5')).toBeNull();
    fireEvent.click(screen.getByTestId('plan-deliver'));
    const told = await screen.findByTestId('plan-delivery-check', {}, SLOW);
    expect(told.textContent).toContain('Station 5: the plan releases the remote power setpoints of JS-5 PCS 1');
    expect(told.textContent).toContain('Station 6: will refuse this plan — The station is under local control');
    await confirmControlPassword();
    await waitFor(() => expect(bodies).toHaveLength(1), SLOW);
    expect(bodies[0]).toEqual({
      templateId: 1,
      stationIds: [5, 6],
      modifyTime: template.modifyTime,
      password: btoa('right-pass-1'),
      aesKey: 'aw==',
      iv: 'aw==',
    });
    await screen.findByTestId('plan-status-table', {}, SLOW);
    expect(stateOf(5)).toBe('sent');
    expect(stateOf(6)).toBe('sent');

    // Station 5's command settles on the live socket before the delivery is asked again.
    await waitFor(() => expect(live.followers(5)).toBeGreaterThan(0), SLOW);
    live.push({ type: 'command', stationId: 5, command: command(5, 'success', 'plan accepted') });
    await waitFor(() => expect(stateOf(5)).toBe('success'), SLOW);
    expect(stateOf(6)).toBe('sent');
    // Station 5 accepted the plan: its power now against the plan's at its local time.
    const power = await screen.findByTestId('plan-power-5', {}, SLOW);
    const plannedNow =
      planSegmentAt(template.segments, Math.floor(localClock(Date.now(), 'Asia/Shanghai').minuteOfDay))?.powerKw ?? 0;
    await waitFor(() => expect(power.textContent).toBe(`-242.5 / ${plannedNow}`), SLOW);

    settled = true;
    await waitFor(() => expect(stateOf(6)).toBe('failure'), { timeout: 10_000 });
    expect(screen.getByTestId('plan-status-message-6').textContent).toBe('EMS refused: manual mode');
    expect(stateOf(5)).toBe('success');
    // Delivered and executing are two states: station 5 reports the plan curve in control.
    expect(screen.getByTestId('plan-execution-5').dataset.execution).toBe('executing');
    expect(screen.getByTestId('plan-execution-5').textContent).toContain('Executing');
    await waitFor(() => expect(warning).toHaveBeenCalledWith('Distribution failed or timed out'));
  });

  it("refuses a plan over a station's rated power before the password, naming the station: nothing is sent", async () => {
    const warning = vi.spyOn(notify, 'warning');
    await choose([5, 7]);
    fireEvent.click(screen.getByTestId('plan-deliver'));
    await waitFor(
      () =>
        expect(warning).toHaveBeenCalledWith(
          // The plan's peak (250 kW) and the station with its rating: what the warning is about.
          'Not delivered: the plan’s 250 kW exceeds the rated power of Small site (100 kW)',
        ),
      SLOW,
    );
    expect(bodies).toHaveLength(0);
  });

  it("offers a station's own template to that station only", async () => {
    const own = { ...template, id: 2, code: 'PC-2', name: 'Site 6 plan', stationId: 6, stationName: 'Station 6' };
    apiServer.use(
      answer(planCurveApi.page, { rows: [template, own], total: 2 }),
      answer(planCurveApi.detail, (b) => (b.id === own.id ? own : template)),
    );
    await choose([6], 'PC-2 · Site 6 plan (Station 6)');
    const checkbox = (id: number) =>
      within(screen.getByTestId(`plan-issue-station-${id}`)).getByRole('checkbox') as HTMLInputElement;
    expect(checkbox(5).disabled).toBe(true);
    expect(checkbox(6).disabled).toBe(false);
    fireEvent.click(screen.getByTestId('plan-deliver'));
    await confirmControlPassword();
    await waitFor(() => expect(bodies).toHaveLength(1), SLOW);
    expect(bodies[0]).toMatchObject({ templateId: 2, stationIds: [6] });
  });

  it('says "data not saved, save first" when the template changed since it was shown', async () => {
    const warning = vi.spyOn(notify, 'warning');
    await choose();
    apiServer.use(answer(planCurveApi.detail, { ...template, modifyTime: template.modifyTime + 1 }));
    fireEvent.click(screen.getByTestId('plan-deliver'));
    await waitFor(() => expect(warning).toHaveBeenCalledWith('Data not saved, save first'), SLOW);
    expect(bodies).toHaveLength(0);
  });
});
