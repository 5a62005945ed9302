import { STATEMENT_PERMS, type SubscriptionBody, type SubscriptionRow, shellApi, subscriptionApi } from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { SubscriptionDrawer } from './subscription-drawer';

const SLOW = { timeout: 5000 };
const row: SubscriptionRow = {
  id: 1,
  report: 'statement',
  frequency: 'monthly',
  stationIds: [5],
  stationNames: ['Suzhou'],
  format: 'pdf',
  hour: 7,
  timezone: 'Asia/Shanghai',
  enabled: true,
  email: 'operator@ess.test',
  lastPeriod: '2026-11',
  lastSentAt: Date.now() - 3_600_000,
  lastStatus: 'sent',
  lastDetail: null,
};

describe('report subscriptions drawer', () => {
  let added: SubscriptionBody[];
  let sent: number[];
  beforeEach(() => {
    added = [];
    sent = [];
    apiServer.use(
      ...sessionHandlers([STATEMENT_PERMS.query, STATEMENT_PERMS.export]),
      answer(shellApi.dictTypeAll, []),
      answer(subscriptionApi.subscriptionList, [row]),
      answer(subscriptionApi.subscriptionAdd, (b) => {
        added.push(b);
        return { id: 2 };
      }),
      answer(subscriptionApi.subscriptionSend, ({ id }) => {
        sent.push(id);
        return { period: '2026-11', status: 'sent' as const, detail: null };
      }),
    );
  });

  it('lists the caller’s subscriptions with their last delivery, sends one now and adds one', async () => {
    renderWithClient(<SubscriptionDrawer open onClose={() => undefined} stations={[{ id: 5, name: 'Suzhou' }]} />);
    const table = await screen.findByTestId('subscription-table', {}, SLOW);
    await waitFor(() => expect(table.textContent).toContain('Suzhou'), SLOW);
    expect(table.textContent).toContain('2026-11');
    fireEvent.click(screen.getByTestId('subscription-send-1'));
    await waitFor(() => expect(sent).toEqual([1]), SLOW);
    fireEvent.click(screen.getByTestId('subscription-add'));
    const modal = await screen.findByTestId('subscription-form', {}, SLOW);
    fireEvent.click(modal.querySelector('.ant-btn-primary') as HTMLElement);
    await waitFor(() => expect(added).toHaveLength(1), SLOW);
    expect(added[0]).toMatchObject({
      report: 'statement',
      frequency: 'monthly',
      stationIds: [5],
      format: 'pdf',
      hour: 7,
      enabled: true,
    });
  }, 60_000);

  it('subscribes to the carbon report in Excel: choosing it leaves PDF behind', async () => {
    renderWithClient(<SubscriptionDrawer open onClose={() => undefined} stations={[{ id: 5, name: 'Suzhou' }]} />);
    const table = await screen.findByTestId('subscription-table', {}, SLOW);
    await waitFor(() => expect(table.textContent).toContain('Earnings statement'), SLOW);
    fireEvent.click(screen.getByTestId('subscription-add'));
    const modal = await screen.findByTestId('subscription-form', {}, SLOW);
    fireEvent.mouseDown(within(await screen.findByTestId('subscription-report', {}, SLOW)).getByRole('combobox'));
    fireEvent.click((await screen.findAllByTitle('Carbon and energy', {}, SLOW)).at(-1) as HTMLElement);
    await waitFor(() => expect(modal.textContent).toContain('XLSX'), SLOW);
    fireEvent.click(modal.querySelector('.ant-btn-primary') as HTMLElement);
    await waitFor(() => expect(added).toHaveLength(1), SLOW);
    expect(added[0]).toMatchObject({ report: 'carbon', format: 'xlsx', stationIds: [5] });
  }, 60_000);
});
