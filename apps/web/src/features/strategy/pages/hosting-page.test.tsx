import {
  HOSTING_PERMS,
  type HostingDayRow,
  type HostingPlanBody,
  type HostingSettings,
  hostingApi,
  shellApi,
} from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { STRATEGY_LOCALE } from '../locale';
import { HostingPage } from './hosting-page';

const EN = STRATEGY_LOCALE.en_US.strategy.hosting;
const SLOW = { timeout: 5000 };
const settings: HostingSettings = {
  stationId: 5,
  enabled: true,
  deadline: '22:00',
  alarmLevel: 2,
  updatedBy: 'operator',
  updatedAt: Date.now(),
};
const day = (
  id: number,
  date: string,
  state: HostingDayRow['state'],
  over: Partial<HostingDayRow> = {},
): HostingDayRow => ({
  id,
  stationId: 5,
  date,
  state,
  fallback: null,
  reason: null,
  deadlineAt: Date.now() + 3_600_000,
  startAt: Date.now() + 7_200_000,
  soc0: 35,
  socMeasured: true,
  expectedRevenue: 1234.56,
  ruleRevenue: 1000,
  upliftPct: 23.456,
  currency: 'CNY',
  reviewer: null,
  opinion: null,
  reviewedAt: null,
  commandId: null,
  deliveredAt: null,
  createdAt: Date.now(),
  actualRevenue: null,
  actualPartial: false,
  forecastErrorPct: null,
  ...over,
});

describe('strategy hosting page', () => {
  let planned: HostingPlanBody[];
  beforeEach(() => {
    planned = [];
    apiServer.use(
      answer(shellApi.dictTypeAll, []),
      answer(hostingApi.hostingSettings, settings),
      answer(hostingApi.hostingPage, {
        rows: [
          day(2, '2026-12-05', 'pending'),
          day(1, '2026-12-04', 'fallback', {
            fallback: 'deadline',
            reason: 'Not approved by the deadline: the station runs on its TOU rule',
            actualRevenue: 812.3,
            actualPartial: true,
            forecastErrorPct: 7.25,
          }),
        ],
        total: 2,
      }),
      answer(hostingApi.hostingPlan, (b) => {
        planned.push(b);
        return day(3, '2026-12-04', 'pending');
      }),
    );
  });

  it('lists the hosted days with their state, revenue against the rule and forecast error; a reviewer may review', async () => {
    apiServer.use(...sessionHandlers(Object.values(HOSTING_PERMS)));
    renderWithClient(<HostingPage />);
    const table = await screen.findByTestId('hosting-days', {}, SLOW);
    await waitFor(() => expect(table.textContent).toContain('2026-12-05'), SLOW);
    expect(screen.getByTestId('hosting-state-2026-12-05').getAttribute('data-state')).toBe('pending');
    expect(screen.getByTestId('hosting-state-2026-12-04').textContent).toBe(EN.states.fallback);
    const fallbackRow = within(table).getByText('2026-12-04').closest('tr');
    expect(fallbackRow?.textContent).toContain(EN.soFar);
    expect(fallbackRow?.textContent).toContain('7.3 %');
    expect(screen.getByTestId('hosting-approve-2026-12-05')).toBeTruthy();
    expect(screen.queryByTestId('hosting-approve-2026-12-04')).toBeNull();
    fireEvent.click(screen.getByTestId('hosting-plan-today'));
    await waitFor(() => expect(planned).toEqual([{ stationId: 5, day: 'today' }]), SLOW);
  }, 60_000);

  it('offers a reader neither review, planning nor settings', async () => {
    apiServer.use(...sessionHandlers([HOSTING_PERMS.query]));
    renderWithClient(<HostingPage />);
    const table = await screen.findByTestId('hosting-days', {}, SLOW);
    await waitFor(() => expect(table.textContent).toContain('2026-12-05'), SLOW);
    expect(screen.queryByTestId('hosting-approve-2026-12-05')).toBeNull();
    expect(screen.queryByTestId('hosting-plan-today')).toBeNull();
    expect(screen.queryByTestId('hosting-settings-save')).toBeNull();
  }, 60_000);
});
