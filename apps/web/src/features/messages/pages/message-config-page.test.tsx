import {
  MESSAGE_ADD,
  MESSAGE_DELETE,
  MESSAGE_EDIT,
  type MessageConfigRow,
  messageApi,
  messageCenterMessages,
  sessionApi,
  shellApi,
  type UserInfo,
  zonedInstant,
} from '@ess/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { serverText } from '@/lib/i18n/server-text';
import { useSession } from '@/lib/session/session-store';
import { answer, apiServer } from '@/test/api-server';
import { stationNode, stationTreeOf } from '@/test/fixtures';
import { MessageConfigPage } from './message-config-page';

const user: UserInfo = {
  userId: 7,
  deptId: 2,
  deptName: null,
  username: 'operator',
  realName: null,
  roles: ['operator'],
  powerList: [MESSAGE_ADD, MESSAGE_EDIT, MESSAGE_DELETE],
  readOnly: false,
  demo: false,
  sessionKind: 'pc',
  screenOnly: false,
  lang: null,
};
/** 2099-01-01 10:00 on the station's clock (the pickers read the station's wall clock). */
const FAR = zonedInstant('2099-01-01', 10 * 60, stationNode(5).timezone);

const row = (messageId: number, title: string, status: number): MessageConfigRow => ({
  messageId,
  title,
  messageContent: `${title} content`,
  messageType: 1,
  receivingType: 1,
  receivingObjects: [{ id: 5, name: 'Station 5' }],
  sendMode: status === 2 ? 'timed' : 'now',
  playStartTime: FAR - 3_600_000,
  playEndTime: FAR,
  playFrequency: 2,
  frequencyUnit: 'hour',
  status,
  creatorId: 7,
  createUserName: 'operator',
  createTime: Date.UTC(2026, 10, 25, 8),
  updateTime: Date.UTC(2026, 10, 25, 8),
  readCount: 0,
});

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <MessageConfigPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Types a time into an antd date picker and accepts it. */
function pickTime(testId: string, text: string) {
  const input = screen.getByTestId(testId);
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

/** The primary button under `selector` (the form dialog's OK, the delete confirmation's OK). */
function clickPrimary(selector: string) {
  const button = document.querySelector<HTMLButtonElement>(`${selector} .ant-btn-primary`);
  if (!button) throw new Error(`no primary button in ${selector}`);
  fireEvent.click(button);
}

// The form flows drive antd's form, pickers and dialogs: slow under a loaded full run.
describe('message configuration page', { timeout: 30_000 }, () => {
  let rows: MessageConfigRow[];
  let added: unknown[];
  let modified: unknown[];
  let deleted: number[];

  beforeEach(() => {
    rows = [row(2, 'Scheduled notice', 2), row(1, 'Live notice', 3)];
    added = [];
    modified = [];
    deleted = [];
    useSession.setState({ token: 'tok', stationId: 5 });
    apiServer.use(
      answer(sessionApi.userInfo, user),
      answer(shellApi.stationTree, stationTreeOf(stationNode(5), stationNode(6))),
      answer(messageApi.messagePage, (q) => {
        const list = rows.filter((r) => q.status === undefined || r.status === Number(q.status));
        return { total: list.length, pageNum: q.pageNum, pageSize: q.pageSize, list };
      }),
      answer(messageApi.messageAdd, (d) => {
        added.push(d);
        const r = { ...row(3, d.title, 3), messageContent: d.messageContent };
        rows = [r, ...rows];
        return r;
      }),
      answer(messageApi.messageModify, (d) => {
        modified.push(d);
        rows = rows.map((r) => (r.messageId === d.messageId ? { ...r, title: d.title } : r));
        return rows.find((r) => r.messageId === d.messageId) as MessageConfigRow;
      }),
      answer(messageApi.messageDelete, ({ messageId }) => {
        deleted.push(messageId);
        rows = rows.filter((r) => r.messageId !== messageId);
        return null;
      }),
    );
  });

  const rowOf = async (title: string) => {
    const table = await screen.findByTestId('message-config-list');
    const cell = await within(table).findByText(title);
    return cell.closest('tr') as HTMLElement;
  };

  it('lists messages with their status and lets only drafts and scheduled ones be edited', async () => {
    renderPage();
    const live = await rowOf('Live notice');
    expect(live.textContent).toContain(i18next.t('messageCenter.status.broadcasting'));
    expect(within(live).getByRole('button', { name: i18next.t('crud.edit') })).toHaveProperty('disabled', true);
    const scheduled = await rowOf('Scheduled notice');
    expect(scheduled.textContent).toContain(i18next.t('messageCenter.status.scheduled'));
    expect(within(scheduled).getByRole('button', { name: i18next.t('crud.edit') })).toHaveProperty('disabled', false);
  });

  it('adds a message to the current station, refusing an end time before now', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /New message/ }));
    fireEvent.change(await screen.findByTestId('message-title'), { target: { value: 'Grid work' } });
    fireEvent.change(screen.getByTestId('message-content'), { target: { value: 'Feeder 3 off at noon' } });
    pickTime('message-end', '2020-01-01 10:00:00');
    clickPrimary('.ant-modal-footer');
    expect(await screen.findByText(serverText(messageCenterMessages.messageEndBeforeNow))).toBeTruthy();
    expect(added).toEqual([]);

    pickTime('message-end', '2099-01-01 10:00:00');
    clickPrimary('.ant-modal-footer');
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]).toMatchObject({
      title: 'Grid work',
      messageContent: 'Feeder 3 off at noon',
      messageType: 1,
      receivingType: 1,
      receivingObjects: [5],
      sendMode: 'now',
      playStartTime: null,
      playEndTime: FAR,
      playFrequency: 1,
      frequencyUnit: 'hour',
      draft: false,
    });
    await rowOf('Grid work');
  });

  it('edits a scheduled message and deletes a message after confirmation', async () => {
    renderPage();
    const scheduled = await rowOf('Scheduled notice');
    fireEvent.click(within(scheduled).getByRole('button', { name: i18next.t('crud.edit') }));
    const title = await screen.findByTestId('message-title');
    expect((title as HTMLInputElement).value).toBe('Scheduled notice');
    fireEvent.change(title, { target: { value: 'Scheduled notice v2' } });
    clickPrimary('.ant-modal-footer');
    await waitFor(() => expect(modified).toHaveLength(1));
    expect(modified[0]).toMatchObject({
      messageId: 2,
      title: 'Scheduled notice v2',
      sendMode: 'timed',
      playEndTime: FAR,
    });
    await rowOf('Scheduled notice v2');

    const live = await rowOf('Live notice');
    fireEvent.click(within(live).getByRole('button', { name: i18next.t('crud.delete') }));
    await waitFor(() => clickPrimary('.ant-popconfirm-buttons'));
    await waitFor(() => expect(deleted).toEqual([1]));
    await waitFor(() => expect(screen.queryByText('Live notice')).toBeNull());
  });

  it('shows a message’s details read-only with its recipients', async () => {
    renderPage();
    const live = await rowOf('Live notice');
    fireEvent.click(within(live).getByRole('button', { name: i18next.t('crud.detail') }));
    const detail = await screen.findByTestId('message-config-detail');
    expect(detail.textContent).toContain('Station 5');
    expect(detail.textContent).toContain('Live notice content');
    expect(detail.textContent).toContain(
      i18next.t('messageCenter.every', { count: 2, unit: i18next.t('messageCenter.unit.hour') }),
    );
  });
});
