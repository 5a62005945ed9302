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
  ResultCode,
  shellApi,
} from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/api/notifier';
import { useSession } from '@/lib/session/session-store';
import { tokenStore } from '@/lib/storage';
import { answer, apiServer, type Reply } from '@/test/api-server';
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
const OVER_RATED = 'Charging and discharging power greater than rated power, confirm plan curve';

const template: PlanCurveTemplate = {
  id: 1,
  code: 'PC-1',
  name: 'Night charge',
  segments: [
    { start: '00:00', end: '06:00', powerKw: -250, socMax: 95, socMin: 10 },
    { start: '18:00', end: '21:00', powerKw: 250, socMax: 95, socMin: 20 },
  ],
  enabled: true,
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
  confirmOverRated: false,
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
  let overRatedOnServer: boolean;
  let settled: boolean;
  let live: ReturnType<typeof liveSocket>;

  beforeEach(() => {
    bodies = [];
    overRatedOnServer = false;
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
        if (overRatedOnServer && !body.confirmOverRated)
          return { fail: { status: 409, code: ResultCode.CONFLICT, msg: OVER_RATED } };
        return delivery(body.stationIds.map((id) => station(id, 'sent')));
      }),
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

  async function choose() {
    renderWithClient(<PlanCurveIssuePage />);
    fireEvent.mouseDown(within(await screen.findByTestId('plan-issue-template', {}, SLOW)).getByRole('combobox'));
    fireEvent.click((await screen.findAllByTitle('PC-1 · Night charge', {}, SLOW)).at(-1) as HTMLElement);
    await screen.findByTestId('plan-issue-preview', {}, SLOW);
    for (const id of [5, 6]) {
      fireEvent.click(within(await screen.findByTestId(`plan-issue-station-${id}`, {}, SLOW)).getByRole('checkbox'));
    }
  }
  const confirmPassword = async () => {
    const dialog = await screen.findByTestId('control-password-modal', {}, SLOW);
    fireEvent.change(within(dialog).getByTestId('control-password-input'), { target: { value: 'right-pass-1' } });
    fireEvent.click(within(dialog).getByText('Confirm and deliver'));
  };
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
    await confirmPassword();
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
    await waitFor(() => expect(warning).toHaveBeenCalledWith('Distribution failed or timed out'));
  });

  it('asks to confirm a plan over a rated power and sends again with confirmOverRated', async () => {
    overRatedOnServer = true;
    await choose();
    fireEvent.click(screen.getByTestId('plan-deliver'));
    await confirmPassword();
    const ask = await screen.findByTestId('plan-over-rated', {}, SLOW);
    expect(within(ask).getAllByText(OVER_RATED).length).toBeGreaterThan(0);
    expect(bodies).toHaveLength(1);
    fireEvent.click(within(ask).getByText('Deliver anyway'));
    // The sealed password opened once on the server: it is asked again.
    await confirmPassword();
    await waitFor(() => expect(bodies).toHaveLength(2), SLOW);
    expect(bodies[0]?.confirmOverRated).toBeUndefined();
    expect(bodies[1]).toMatchObject({ templateId: 1, stationIds: [5, 6], confirmOverRated: true });
    await screen.findByTestId('plan-status-table', {}, SLOW);
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
