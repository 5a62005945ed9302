import { ALARM_PERMS, type AlarmConfirmBody, type AlarmListRow, alarmApi, WORKORDER_PERMS } from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installNotifier } from '@/lib/api/notifier';
import { readNewOrderPrefill } from '@/lib/menu/cross-links';
import { answer, apiServer } from '@/test/api-server';
import { alarmEvent, renderWithClient, sessionHandlers } from '../test/alarm-fixtures';
import { RealtimeAlarmPage } from './realtime-alarm-page';

// Buttons behind a permission show once the user's permissions are in.
const SLOW = { timeout: 5000 };

describe('real-time alarms', () => {
  let events: AlarmListRow[];
  let confirms: AlarmConfirmBody[];
  let pages: unknown[];
  const successes = vi.fn();

  const use = (powerList: string[]) =>
    apiServer.use(
      ...sessionHandlers(powerList),
      answer(alarmApi.alarmRealtimePage, (q) => {
        pages.push(q);
        const rows = events.filter((e) => e.recoveredAt === null || !e.confirmed);
        return { rows, total: rows.length };
      }),
      answer(alarmApi.alarmConfirm, (body) => {
        confirms.push(body);
        const now = Date.UTC(2026, 10, 25, 9, 30);
        events = events.map((e) =>
          body.ids.includes(e.id)
            ? { ...e, confirmed: true, confirmer: 'Olga Operator', confirmedAt: now, remark: body.remark }
            : e,
        );
        return { confirmed: body.ids.length };
      }),
    );

  beforeEach(() => {
    events = [alarmEvent(3), alarmEvent(2, { level: 2 }), alarmEvent(1, { recoveredAt: Date.UTC(2026, 10, 25, 8, 5) })];
    confirms = [];
    pages = [];
    installNotifier({ warning: vi.fn(), error: vi.fn(), success: successes });
  });
  afterEach(() => {
    installNotifier(null);
    successes.mockReset();
  });

  const rows = () => within(screen.getByTestId('realtime-alarms')).queryAllByTestId(/^alarm-row-/);

  it("lists the station's alarms on its clock, and confirms one with the remark; the list refreshes", async () => {
    use([ALARM_PERMS.confirm]);
    renderWithClient(<RealtimeAlarmPage />);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(pages[0]).toMatchObject({ stationId: 5, pageNum: 1 });
    const row3 = screen.getByTestId('alarm-row-3');
    // 08:03 UTC is 16:03 at a Shanghai station.
    expect(row3.textContent).toContain('2026-11-25 16:03:00');
    expect(within(row3).getByText('Critical')).toBeTruthy();
    expect(within(screen.getByTestId('alarm-row-2')).getByText('Major')).toBeTruthy();

    fireEvent.click(await screen.findByTestId('alarm-confirm-3', {}, SLOW));
    fireEvent.change(await screen.findByTestId('alarm-confirm-remark'), { target: { value: ' fan replaced ' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(confirms).toEqual([{ ids: [3], remark: 'fan replaced' }]));
    await waitFor(() => expect(successes).toHaveBeenCalledWith('1 alarm confirmed', expect.anything()));
    // Refetched: the row is still active, now confirmed, with nothing left to confirm.
    await waitFor(() => expect(screen.queryByTestId('alarm-confirm-3')).toBeNull());
    expect(within(screen.getByTestId('alarm-row-3')).getByText('Confirmed')).toBeTruthy();
    expect(pages.length).toBeGreaterThan(1);
  }, 15_000);

  it('confirms the selected alarms in one call; a recovered one leaves the list once confirmed', async () => {
    use([ALARM_PERMS.confirm]);
    renderWithClient(<RealtimeAlarmPage />);
    await waitFor(() => expect(rows()).toHaveLength(3));
    const batch = await screen.findByTestId('alarm-batch-confirm', {}, SLOW);
    expect(batch).toHaveProperty('disabled', true);
    for (const id of [2, 1]) fireEvent.click(within(screen.getByTestId(`alarm-row-${id}`)).getByRole('checkbox'));
    expect(batch.textContent).toContain('(2)');
    fireEvent.click(batch);
    expect(await screen.findByText('Confirm 2 alarms')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(confirms).toEqual([{ ids: [2, 1], remark: '' }]));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByTestId('alarm-row-1')).toBeNull();
  }, 15_000);

  /** The page, and where its links lead: the path and query reached. */
  function Landed() {
    const { pathname, search } = useLocation();
    return <p data-testid="landed">{`${pathname}${search}`}</p>;
  }
  const renderWithLinks = () =>
    renderWithClient(
      <Routes>
        <Route path="/alarm/realtime" element={<RealtimeAlarmPage />} />
        <Route path="*" element={<Landed />} />
      </Routes>,
      '/alarm/realtime',
    );
  const landed = async () => (await screen.findByTestId('landed', {}, SLOW)).textContent ?? '';

  it("shows an alarm's work order as a link to the order's detail", async () => {
    events = [alarmEvent(3, { workOrder: { id: 12, number: 'WO202611250003' } }), alarmEvent(2)];
    use([]);
    renderWithLinks();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const link = within(screen.getByTestId('alarm-row-3')).getByTestId('alarm-order-3');
    expect(link.textContent).toBe('WO202611250003');
    expect(within(screen.getByTestId('alarm-row-2')).queryByTestId('alarm-order-2')).toBeNull();
    fireEvent.click(link);
    expect(await landed()).toBe('/operational-inspection/all-task-detail?id=12');
  });

  it('offers 转工单 on alarms without an order to who may open orders: the form filled from the alarm', async () => {
    events = [alarmEvent(3, { workOrder: { id: 12, number: 'WO202611250003' } }), alarmEvent(2)];
    use([WORKORDER_PERMS.add]);
    renderWithLinks();
    const create = await screen.findByTestId('alarm-to-order-2', {}, SLOW);
    expect(create.textContent).toBe('Create work order');
    // The alarm with an order has none.
    expect(screen.queryByTestId('alarm-to-order-3')).toBeNull();
    fireEvent.click(create);
    const reached = await landed();
    expect(reached.split('?')[0]).toBe('/operational-inspection/add-task');
    const alarm = events[1] as AlarmListRow;
    expect(readNewOrderPrefill(new URLSearchParams(reached.split('?')[1]))).toEqual({
      stationId: alarm.stationId,
      deviceId: alarm.deviceId,
      alarmEventId: alarm.id,
      title: alarm.content,
      orderType: 1,
    });
  });

  it('offers no 转工单 without the order-add permission', async () => {
    events = [alarmEvent(2)];
    use([ALARM_PERMS.confirm]);
    renderWithClient(<RealtimeAlarmPage />);
    // The confirm link shows once the permissions are in; 转工单 still does not.
    expect(await screen.findByTestId('alarm-confirm-2', {}, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('alarm-to-order-2')).toBeNull();
  });

  it('offers no confirmation without the confirm permission', async () => {
    use([]);
    renderWithClient(<RealtimeAlarmPage />);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.queryByTestId('alarm-batch-confirm')).toBeNull();
    expect(screen.queryByTestId('alarm-confirm-3')).toBeNull();
  });
});
