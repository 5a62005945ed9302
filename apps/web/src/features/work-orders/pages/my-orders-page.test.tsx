import {
  type OrderActionBody,
  type OrderPageBody,
  type OrderRow,
  workorderApi,
  workorderMessages,
} from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installNotifier } from '@/lib/api/notifier';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { orderDetail, orderRow } from '../test/order-fixtures';
import { MyOrdersPage } from './my-orders-page';

/** Waits for what a step brings (antd's dialogs, a call) with room for a loaded run. */
const SLOW = { timeout: 8000 };

/** Opens a row's Handle menu and picks one of the actions the detail offers. */
async function pick(number: string, action: string) {
  fireEvent.click(await screen.findByTestId(`order-handle-${number}`, {}, SLOW));
  fireEvent.click(await screen.findByTestId(`order-step-${action}`, {}, SLOW));
}

async function choose(testId: string, option: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  const items = await screen.findAllByTitle(option, {}, SLOW);
  fireEvent.click(items.at(-1) as HTMLElement);
}

const okOf = (testId: string) => {
  const button = document.querySelector<HTMLButtonElement>(`[data-testid="${testId}"] .ant-btn-primary`);
  if (!button) throw new Error(`no OK in ${testId}`);
  return button;
};

// The flows drive antd's dropdowns, selects and dialogs: slow under a loaded run.
describe('my work orders', { timeout: 30_000 }, () => {
  let rows: OrderRow[];
  let queries: OrderPageBody[];
  let actions: OrderActionBody[];
  const warnings = vi.fn();

  beforeEach(() => {
    rows = [orderRow(1), orderRow(2, { status: 1, activeNodeIds: ['handle'] })];
    queries = [];
    actions = [];
    warnings.mockReset();
    installNotifier({ warning: warnings, error: vi.fn(), success: vi.fn() });
    apiServer.use(
      ...sessionHandlers([]),
      answer(workorderApi.workorderOrderPage, (q) => {
        queries.push(q);
        const list = q.scope === 'todo' ? rows : [];
        return { rows: list, total: list.length };
      }),
      answer(workorderApi.workorderOrderDetail, ({ id }) => {
        const row = rows.find((r) => r.id === id) as OrderRow;
        return orderDetail(row, row.status === 1 ? { actions: ['accept', 'forward', 'back'] } : {});
      }),
      answer(workorderApi.workorderOrderAction, (b) => {
        actions.push(b);
        return { id: b.id, status: 2 as const };
      }),
    );
  });
  afterEach(() => installNotifier(null));

  it('lists my to-do orders from the to-do call, each linked to its detail', async () => {
    renderWithClient(<MyOrdersPage />);
    const first = await screen.findByTestId(`order-todo-number-${rows[0]?.number}`, {}, SLOW);
    expect(first.getAttribute('href')).toBe('/operational-inspection/all-task-detail?id=1');
    expect(screen.getByText('Inverter fault 2')).toBeTruthy();
    expect(queries[0]).toMatchObject({ scope: 'todo', pageNum: 1 });
  });

  it('accepts after the question; cancelling the question says so and sends nothing', async () => {
    renderWithClient(<MyOrdersPage />);
    const number = rows[1]?.number as string;
    await pick(number, 'accept');
    fireEvent.click(within(await screen.findByTestId('order-confirm', {}, SLOW)).getByText('Cancel'));
    expect(warnings).toHaveBeenCalledWith('Cancelled', expect.any(Number));
    expect(actions).toEqual([]);

    await pick(number, 'accept');
    await waitFor(() => expect(screen.getByTestId('order-confirm')).toBeTruthy(), SLOW);
    fireEvent.click(okOf('order-confirm'));
    await waitFor(() => expect(actions).toEqual([{ id: 2, action: 'accept' }]), SLOW);
  });

  it('forwards only to a chosen user, refusing in the server’s words without one', async () => {
    renderWithClient(<MyOrdersPage />);
    await pick(rows[1]?.number as string, 'forward');
    await waitFor(() => expect(screen.getByTestId('order-action-form')).toBeTruthy(), SLOW);
    fireEvent.click(okOf('order-action-form'));
    expect(await screen.findByText(workorderMessages.workorderForwarderEmpty.en_US, {}, SLOW)).toBeTruthy();
    expect(actions).toEqual([]);

    await choose('order-action-user', 'Max Maintainer');
    fireEvent.click(okOf('order-action-form'));
    await waitFor(() => expect(actions).toEqual([{ id: 2, action: 'forward', userId: 9 }]), SLOW);
  });
});
