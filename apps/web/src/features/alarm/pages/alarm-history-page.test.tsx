import { ALARM_PERMS, type AlarmHistoryPageBody, alarmApi, localDayStart, WORKORDER_PERMS } from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { alarmEvent, renderWithClient, sessionHandlers } from '../test/alarm-fixtures';
import { AlarmHistoryPage } from './alarm-history-page';

const DAY = 86_400_000;

async function choose(testId: string, option: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  const items = await screen.findAllByTitle(option);
  fireEvent.click(items.at(-1) as HTMLElement);
}

describe('alarm history', () => {
  let queries: AlarmHistoryPageBody[];
  const use = (powerList: string[]) =>
    apiServer.use(
      ...sessionHandlers(powerList),
      answer(alarmApi.alarmHistoryPage, (q) => {
        queries.push(q);
        const rows = [
          alarmEvent(2, {
            confirmed: true,
            confirmer: 'Olga Operator',
            confirmedAt: Date.UTC(2026, 10, 25, 9, 30),
            remark: 'fan replaced',
          }),
          alarmEvent(1),
        ];
        return { rows, total: rows.length };
      }),
    );
  beforeEach(() => {
    queries = [];
    use([]);
  });

  it('asks for the last seven station days, then sends the chosen filters; shows who confirmed and when', async () => {
    renderWithClient(<AlarmHistoryPage />);
    await waitFor(() => expect(screen.getByTestId('alarm-history-row-2')).toBeTruthy());
    const first = queries[0] as AlarmHistoryPageBody;
    expect(first).toMatchObject({ stationId: 5, pageNum: 1 });
    // Whole days on the station's calendar (Shanghai), today included.
    const today = new Date(first.to - DAY + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(first.to).toBe(localDayStart(today, 'Asia/Shanghai') + DAY);
    expect(first.to - first.from).toBe(7 * DAY);
    expect(first).not.toHaveProperty('level');

    expect(screen.getByTestId('alarm-confirmer-2').textContent).toBe('Olga Operator');
    expect(screen.getByTestId('alarm-confirmed-at-2').textContent).toBe('2026-11-25 17:30:00');
    expect(screen.getByTestId('alarm-confirmer-1').textContent).toBe('-');

    await choose('alarm-filter-level', 'Critical');
    await choose('alarm-filter-device-type', 'Battery cluster');
    await choose('alarm-filter-status', 'Recovered');
    await choose('alarm-filter-confirmed', 'Confirmed');
    fireEvent.click(screen.getByTestId('alarm-filter-search'));
    await waitFor(() =>
      expect(queries.at(-1)).toMatchObject({
        stationId: 5,
        level: 1,
        deviceType: 'bms',
        status: 'recovered',
        confirmed: true,
        from: first.from,
        to: first.to,
        pageNum: 1,
      }),
    );
  }, 15_000);

  /** Where the page's links lead, or where the page is: the path and query. */
  function Landed({ testId = 'landed' }: { testId?: string }) {
    const { pathname, search } = useLocation();
    return <p data-testid={testId}>{`${pathname}${search}`}</p>;
  }
  const renderAt = (path: string) =>
    renderWithClient(
      <Routes>
        <Route
          path="/alarm/history"
          element={
            <>
              <AlarmHistoryPage />
              <Landed testId="here" />
            </>
          }
        />
        <Route path="*" element={<Landed />} />
      </Routes>,
      path,
    );

  it("links a row's work order, and offers 转工单 on the others to who may open orders", async () => {
    apiServer.use(
      ...sessionHandlers([WORKORDER_PERMS.add]),
      answer(alarmApi.alarmHistoryPage, {
        rows: [alarmEvent(2, { workOrder: { id: 9, number: 'WO202611250001' } }), alarmEvent(1)],
        total: 2,
      }),
    );
    renderAt('/alarm/history');
    expect(await screen.findByTestId('alarm-to-order-1', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByTestId('alarm-to-order-2')).toBeNull();
    expect(screen.queryByTestId('alarm-order-1')).toBeNull();
    fireEvent.click(screen.getByTestId('alarm-order-2'));
    expect((await screen.findByTestId('landed')).textContent).toBe('/operational-inspection/all-task-detail?id=9');
  });

  it('offers no 转工单 without the order-add permission', async () => {
    use([ALARM_PERMS.export]);
    renderAt('/alarm/history');
    // The export button shows once the permissions are in; 转工单 still does not.
    expect(await screen.findByTestId('alarm-export', {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('alarm-history-row-1')).toBeTruthy());
    expect(screen.queryByTestId('alarm-to-order-1')).toBeNull();
  });

  it('opens the alarm a work order links to, and forgets the link once its detail is closed', async () => {
    apiServer.use(
      answer(alarmApi.alarmEventDetail, { event: alarmEvent(7, { content: 'Rack 7 over temperature' }), curve: null }),
    );
    renderAt('/alarm/history?alarm=7');
    const detail = await screen.findByTestId('alarm-detail', {}, { timeout: 5000 });
    expect(within(detail).getByText('Rack 7 over temperature')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('alarm-detail')).toBeNull());
    expect(screen.getByTestId('here').textContent).toBe('/alarm/history');
  });
});
