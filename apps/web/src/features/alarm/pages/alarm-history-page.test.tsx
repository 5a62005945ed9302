import { type AlarmHistoryPageBody, alarmApi, localDayStart } from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
  beforeEach(() => {
    queries = [];
    apiServer.use(
      ...sessionHandlers([]),
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
});
