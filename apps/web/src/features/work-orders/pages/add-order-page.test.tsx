import {
  alarmApi,
  type DeviceNode,
  deviceApi,
  type OrderAddBody,
  ResultCode,
  type TemplateRow,
  workorderApi,
  workorderMessages,
} from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installNotifier } from '@/lib/api/notifier';
import { newOrderLink } from '@/lib/menu/cross-links';
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

/** Fault repair's templates: the enabled one with the lowest id runs an order that names none. */
const template = (id: number, enabled: boolean, formFields: TemplateRow['formFields']): TemplateRow => ({
  id,
  name: `Repair ${id}`,
  orderType: 1,
  definitionKey: 'fault_repair',
  executorPostIds: [],
  executorUserIds: [],
  slaHours: null,
  formFields,
  enabled,
  definitionName: 'Fault repair',
  updatedAt: 0,
});
const TEMPLATES = [
  template(4, true, [{ key: 'serial', label: 'Serial', type: 'text', required: false }]),
  template(1, false, [{ key: 'old', label: 'Old field', type: 'text', required: false }]),
  template(2, true, [
    { key: 'rack', label: 'Rack', type: 'text', required: true },
    { key: 'day', label: 'Found on', type: 'date', required: false },
  ]),
];

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
      answer(workorderApi.workorderTemplatePage, (q) => ({
        rows: TEMPLATES.filter((r) => r.orderType === q.orderType),
        total: 3,
      })),
    );
  });

  afterEach(() => installNotifier(null));

  function renderPage(path = '/operational-inspection/add-task') {
    return renderWithClient(
      <Routes>
        <Route path="/operational-inspection/add-task" element={<AddOrderPage />} />
        <Route path="/operational-inspection/all-task-detail" element={<p>detail opened</p>} />
      </Routes>,
      path,
    );
  }

  it('refuses an order without executors in the server’s words, then opens one and shows its detail', async () => {
    renderPage();
    fireEvent.change(await screen.findByTestId('order-add-title', {}, SLOW), {
      target: { value: ' Fan noise on PCS 1 ' },
    });
    expect(screen.queryByTestId('order-add-form-fields')).toBeNull();
    await choose('order-add-type', 'Fault repair');
    // The type's template asks its fields; a required one may wait until finish.
    const rack = await screen.findByTestId('order-form-rack', {}, SLOW);
    expect(screen.queryByTestId('order-form-serial')).toBeNull();
    fireEvent.change(rack, { target: { value: ' R3 ' } });
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
        templateId: 2,
        formValues: { rack: 'R3', day: null },
      },
    ]);
  });

  it("opens filled from an alarm row (转工单); the server's refusal of a second order is shown", async () => {
    const errors = vi.fn();
    installNotifier({ warning: vi.fn(), error: errors, success: vi.fn() });
    const running = workorderMessages.workorderAlarmHasOrder.en_US.replace('{number}', 'WO202612020011');
    let refuse = true;
    apiServer.use(
      answer(workorderApi.workorderOrderAdd, (b) => {
        added.push(b);
        return refuse ? { fail: { status: 409, code: ResultCode.CONFLICT, msg: running } } : { id: 13, number: 'N' };
      }),
    );
    // A recovered alarm, no longer in the real-time list: the form names it by the text it was sent.
    renderPage(
      newOrderLink({ stationId: 5, deviceId: 51, alarmEventId: 7, title: 'PCS 1 insulation fault', orderType: 1 }),
    );
    expect(((await screen.findByTestId('order-add-title', {}, SLOW)) as HTMLInputElement).value).toBe(
      'PCS 1 insulation fault',
    );
    expect(
      await within(screen.getByTestId('order-add-alarm')).findByText('PCS 1 insulation fault', {}, SLOW),
    ).toBeTruthy();
    expect(await within(screen.getByTestId('order-add-device')).findByText('PCS 1 (PCS)', {}, SLOW)).toBeTruthy();
    expect(within(screen.getByTestId('order-add-type')).getByText('Fault repair')).toBeTruthy();
    await choose('order-add-users', 'Mia Maintainer');
    fireEvent.click(screen.getByTestId('order-add-submit'));
    await waitFor(() => expect(errors).toHaveBeenCalledWith(running, expect.anything()), SLOW);
    const sent = {
      title: 'PCS 1 insulation fault',
      orderType: 1,
      stationId: 5,
      deviceId: 51,
      alarmEventId: 7,
      priority: 3,
      executors: [{ userId: 8 }],
      templateId: 2,
      formValues: { rack: null, day: null },
    };
    expect(added).toEqual([sent]);
    // The form keeps what it held: sent again once the server accepts, the order opens.
    refuse = false;
    fireEvent.click(screen.getByTestId('order-add-submit'));
    expect(await screen.findByText('detail opened', {}, SLOW)).toBeTruthy();
    expect(added).toEqual([sent, sent]);
  });
});
