import { filesApi, type OrderActionBody, workorderApi, workorderMessages } from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, apiServer, recordCalls } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { orderDetail, orderRow, orderTrack, PHOTO_ID, XML } from '../test/order-fixtures';

/** The photo the finish dialog uploads, as the file store answers it. */
const PHOTO = { id: PHOTO_ID, name: 'after.png', size: 4, sha256: 'a'.repeat(64), contentType: 'image/png' };

import { OrderDetailPage } from './order-detail-page';

/** Waits for what a step brings (antd's dialogs, a call) with room for a loaded run. */
const SLOW = { timeout: 8000 };

const ROW = orderRow(4, { status: 2, activeNodeIds: ['handle'] });

/** The alarm history as reached from an order: the alarm it was asked to open. */
function AlarmShown() {
  const { search } = useLocation();
  return <p data-testid="alarm-history">{search}</p>;
}

/** The detail routes and the lists they fall back to, as the shell has them. */
function renderAt(path: string) {
  return renderWithClient(
    <Routes>
      <Route path="/operational-inspection/all-task-detail" element={<OrderDetailPage />} />
      <Route path="/task/all-task-detail" element={<OrderDetailPage />} />
      <Route path="/operational-inspection/task" element={<p>my orders</p>} />
      <Route path="/task/all-task" element={<p>all orders</p>} />
      <Route path="/alarm/history" element={<AlarmShown />} />
    </Routes>,
    path,
  );
}

async function choose(testId: string, option: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  const items = await screen.findAllByTitle(option, {}, SLOW);
  fireEvent.click(items.at(-1) as HTMLElement);
}

const ok = () => {
  const button = document.querySelector<HTMLButtonElement>('[data-testid="order-action-form"] .ant-btn-primary');
  if (!button) throw new Error('no OK');
  fireEvent.click(button);
};

describe('work order detail', { timeout: 30_000 }, () => {
  let actions: OrderActionBody[];
  beforeEach(() => {
    actions = [];
    apiServer.use(
      // A file answer: the test server sends a body of its own.
      answer(filesApi.fileDownload, undefined),
      answer(filesApi.fileUpload, PHOTO),
      ...sessionHandlers([]),
      answer(workorderApi.workorderOrderDetail, orderDetail(ROW, { actions: ['back', 'finish'] })),
      answer(workorderApi.workorderOrderTrack, orderTrack(ROW)),
      answer(workorderApi.workorderOrderDiagram, { xml: XML, activeNodeIds: ['handle'], doneNodeIds: ['allocate'] }),
      answer(workorderApi.workorderOrderAction, (b) => {
        actions.push(b);
        return { id: b.id, status: 0 as const };
      }),
    );
  });

  it('goes to its list when picked from the menu without an order', async () => {
    renderAt('/task/all-task-detail');
    expect(await screen.findByText('all orders', {}, SLOW)).toBeTruthy();
  });

  it('shows the fields and every step of the track with who, opinion, files and the node reached', async () => {
    renderAt('/operational-inspection/all-task-detail?id=4');
    const fields = await screen.findByTestId('order-fields', {}, SLOW);
    expect(within(fields).getByText(ROW.number)).toBeTruthy();
    expect(within(fields).getByText('Post: Maintainers')).toBeTruthy();
    const step = await screen.findByTestId('order-track-step-1', {}, SLOW);
    expect(within(step).getByText('Mia is on site today')).toBeTruthy();
    // A step's file downloads through the session.
    const calls = recordCalls();
    fireEvent.click(within(step).getByTestId(`order-file-${PHOTO_ID}`));
    await waitFor(() => expect(calls).toContain(`GET /api/files/${PHOTO_ID}`), SLOW);
    // The node's name comes from the process XML.
    expect(within(step).getByText('to Handle on site')).toBeTruthy();
    expect(screen.getByTestId('order-action-finish')).toBeTruthy();
  });

  it("links an alarm's order to the alarm's detail in the alarm history", async () => {
    apiServer.use(answer(workorderApi.workorderOrderDetail, orderDetail({ ...ROW, alarmEventId: 77 })));
    renderAt('/operational-inspection/all-task-detail?id=4');
    const link = await screen.findByTestId('order-alarm-link', {}, SLOW);
    expect(link.textContent).toBe('View alarm #77');
    fireEvent.click(link);
    expect((await screen.findByTestId('alarm-history', {}, SLOW)).textContent).toBe('?alarm=77');
  });

  it('shows no alarm link on an order opened without an alarm', async () => {
    renderAt('/operational-inspection/all-task-detail?id=4');
    expect(await screen.findByTestId('order-fields', {}, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('order-alarm-link')).toBeNull();
  });

  it('sends back to the chosen node only with an opinion', async () => {
    renderAt('/operational-inspection/all-task-detail?id=4');
    fireEvent.click(await screen.findByTestId('order-action-back', {}, SLOW));
    await waitFor(() => expect(screen.getByTestId('order-action-form')).toBeTruthy(), SLOW);
    ok();
    expect(await screen.findByText(workorderMessages.workorderBackNode.en_US, {}, SLOW)).toBeTruthy();
    expect(screen.getByText(workorderMessages.workorderOpinionEmpty.en_US)).toBeTruthy();

    await choose('order-action-node', 'Allocate the order');
    fireEvent.change(screen.getByTestId('order-action-opinion'), { target: { value: 'Wrong rack, allocate again' } });
    ok();
    await waitFor(() =>
      expect(actions).toEqual([{ id: 4, action: 'back', nodeId: 'allocate', opinion: 'Wrong rack, allocate again' }]),
    );
  });

  it("finishes with the template's form fields: current values shown, required ones marked and checked", async () => {
    apiServer.use(
      answer(
        workorderApi.workorderOrderDetail,
        orderDetail(ROW, {
          actions: ['finish'],
          formFields: [
            { key: 'rack', label: 'Rack', type: 'text', required: true },
            { key: 'volts', label: 'Voltage', type: 'number', required: false },
            { key: 'day', label: 'Found on', type: 'date', required: false },
            { key: 'part', label: 'Part', type: 'select', required: true, options: ['Fuse', 'Relay'] },
          ],
          formValues: { rack: 'R3', day: '2026-12-03' },
        }),
      ),
    );
    renderAt('/operational-inspection/all-task-detail?id=4');
    // The detail: label → value, a date in the one date format, none as '-'.
    const fields = await screen.findByTestId('order-fields', {}, SLOW);
    expect(within(fields).getByText('Found on')).toBeTruthy();
    expect(within(fields).getByTestId('order-form-value-day').textContent).toBe('2026-12-03');
    expect(within(fields).getByTestId('order-form-value-part').textContent).toBe('-');

    fireEvent.click(await screen.findByTestId('order-action-finish', {}, SLOW));
    const rack = (await screen.findByTestId('order-form-rack', {}, SLOW)) as HTMLInputElement;
    expect(rack.value).toBe('R3');
    const dialog = screen.getByTestId('order-action-form');
    const required = [...dialog.querySelectorAll('.ant-form-item-required')].map((l) => l.textContent);
    expect(required).toEqual(expect.arrayContaining(['Rack', 'Part']));
    expect(required).not.toContain('Voltage');

    fireEvent.change(screen.getByTestId('order-action-opinion'), { target: { value: 'Fuse replaced' } });
    ok();
    const missing = workorderMessages.workorderFieldRequired.en_US.replace('{field}', 'Part');
    expect(await screen.findByText(missing, {}, SLOW)).toBeTruthy();
    expect(actions).toEqual([]);

    await choose('order-form-part', 'Relay');
    fireEvent.change(screen.getByTestId('order-form-volts'), { target: { value: '48' } });
    ok();
    await waitFor(
      () =>
        expect(actions).toEqual([
          {
            id: 4,
            action: 'finish',
            opinion: 'Fuse replaced',
            formValues: { rack: 'R3', volts: 48, day: '2026-12-03', part: 'Relay' },
          },
        ]),
      SLOW,
    );
  });

  it('finishes with an opinion and a site photo uploaded to the file store', async () => {
    renderAt('/operational-inspection/all-task-detail?id=4');
    fireEvent.click(await screen.findByTestId('order-action-finish', {}, SLOW));
    const photos = await screen.findByTestId('order-action-photos', {}, SLOW);
    const input = photos.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'after.png', { type: 'image/png' })] },
    });
    await waitFor(() => expect(within(photos).getByText('after.png')).toBeTruthy(), SLOW);
    fireEvent.change(screen.getByTestId('order-action-opinion'), { target: { value: 'Fan replaced' } });
    ok();
    await waitFor(
      () => expect(actions).toEqual([{ id: 4, action: 'finish', opinion: 'Fan replaced', attachmentIds: [PHOTO_ID] }]),
      SLOW,
    );
  });
});
