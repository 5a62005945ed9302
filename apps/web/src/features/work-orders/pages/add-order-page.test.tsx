import {
  alarmApi,
  type DeviceNode,
  deviceApi,
  type OrderAddBody,
  workorderApi,
  workorderMessages,
} from '@ess/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { AddOrderPage } from './add-order-page';

/** Waits for what a step brings (antd's dialogs, a call) with room for a loaded run. */
const SLOW = { timeout: 8000 };

const pcs: DeviceNode = {
  id: 51,
  sn: 'PCS-1',
  name: 'PCS 1',
  type: 'pcs',
  typeName: 'PCS',
  status: 'online',
  modelCode: null,
  modelName: null,
  manufacturer: null,
  parentId: null,
  lastSeenAt: null,
  unitPrice: null,
  serviceFee: null,
  children: [],
};

async function choose(testId: string, option: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  const items = await screen.findAllByTitle(option, {}, SLOW);
  fireEvent.click(items.at(-1) as HTMLElement);
}

// One journey through four antd selects and two submits: slow on a loaded machine.
describe('new work order', { timeout: 60_000 }, () => {
  let added: OrderAddBody[];
  beforeEach(() => {
    added = [];
    apiServer.use(
      ...sessionHandlers(['ops:task:add']),
      answer(deviceApi.deviceTree, [pcs]),
      answer(alarmApi.alarmRealtimePage, { rows: [], total: 0 }),
      answer(workorderApi.workorderOrderCandidates, {
        posts: [{ id: 3, name: 'Maintainers' }],
        users: [{ id: 8, name: 'Mia Maintainer' }],
      }),
      answer(workorderApi.workorderOrderAdd, (b) => {
        added.push(b);
        return { id: 12, number: 'WO20261202012' };
      }),
    );
  });

  function renderPage() {
    return renderWithClient(
      <Routes>
        <Route path="/operational-inspection/add-task" element={<AddOrderPage />} />
        <Route path="/operational-inspection/all-task-detail" element={<p>detail opened</p>} />
      </Routes>,
      '/operational-inspection/add-task',
    );
  }

  it('refuses an order without executors in the server’s words, then opens one and shows its detail', async () => {
    renderPage();
    fireEvent.change(await screen.findByTestId('order-add-title', {}, SLOW), {
      target: { value: ' Fan noise on PCS 1 ' },
    });
    await choose('order-add-type', 'Fault repair');
    await choose('order-add-device', 'PCS 1 (PCS)');
    fireEvent.click(screen.getByTestId('order-add-submit'));
    expect(await screen.findByText(workorderMessages.workorderExecutorEmpty.en_US, {}, SLOW)).toBeTruthy();
    expect(added).toEqual([]);

    await choose('order-add-posts', 'Maintainers');
    await choose('order-add-users', 'Mia Maintainer');
    fireEvent.click(screen.getByTestId('order-add-submit'));
    expect(await screen.findByText('detail opened', {}, SLOW)).toBeTruthy();
    expect(added).toEqual([
      {
        title: 'Fan noise on PCS 1',
        orderType: 1,
        stationId: 5,
        deviceId: 51,
        priority: 3,
        executors: [{ postId: 3 }, { userId: 8 }],
      },
    ]);
  });
});
