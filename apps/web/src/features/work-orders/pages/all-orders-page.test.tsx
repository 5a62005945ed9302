import { type EndpointInput, type OrderPageBody, WORKORDER_PERMS, workorderApi } from '@ess/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { orderRow } from '../test/order-fixtures';
import { AllOrdersPage } from './all-orders-page';

/** Waits for what a step brings (antd's dialogs, a call) with room for a loaded run. */
const SLOW = { timeout: 8000 };

describe('all work orders', { timeout: 30_000 }, () => {
  let queries: OrderPageBody[];
  let exports: EndpointInput<typeof workorderApi.workorderOrderExport>[];
  beforeEach(() => {
    queries = [];
    exports = [];
    apiServer.use(
      ...sessionHandlers([WORKORDER_PERMS.all, WORKORDER_PERMS.export]),
      answer(workorderApi.workorderOrderPage, (q) => {
        queries.push(q);
        const rows = [orderRow(3, { status: 3, assignees: [] }), orderRow(1)].filter(
          (r) => q.status === undefined || r.status === q.status,
        );
        return { rows, total: rows.length };
      }),
      answer(workorderApi.workorderOrderExport, (body) => {
        exports.push(body);
        // A file answer: the test server sends a body of its own.
        return undefined;
      }),
    );
  });

  it('lists every order of the scope, linked to the all-orders detail, and exports with the same filters', async () => {
    renderWithClient(<AllOrdersPage />);
    const link = await screen.findByTestId(`order-all-number-${orderRow(3).number}`, {}, SLOW);
    expect(link.getAttribute('href')).toBe('/task/all-task-detail?id=3');
    expect(screen.getByText('Finished')).toBeTruthy();
    expect(queries[0]).toMatchObject({ scope: 'all' });

    fireEvent.click(screen.getByTestId('order-all-export'));
    await waitFor(() => expect(exports).toEqual([{ scope: 'all' }]), SLOW);
  });
});
