import { messageApi, type ReceivedMessage, sessionApi, shellApi, type UserInfo } from '@ess/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session/session-store';
import { answer, apiServer } from '@/test/api-server';
import { stationNode, stationTreeOf } from '@/test/fixtures';
import { UserMessagePage } from './user-message-page';

const user: UserInfo = {
  userId: 4,
  deptId: null,
  deptName: null,
  username: 'manager',
  realName: null,
  roles: ['manager'],
  powerList: [],
  readOnly: true,
  demo: false,
  sessionKind: 'pc',
  screenOnly: false,
  lang: null,
};
const msg = (messageId: number, title: string, readStatus: number, status = 3): ReceivedMessage => ({
  messageId,
  title,
  messageContent: `${title} content`,
  messageType: 2,
  receivingType: 2,
  createUserName: 'admin',
  createTime: Date.UTC(2026, 10, 25, 8, messageId),
  playEndTime: Date.UTC(2026, 10, 26),
  playFrequency: 30,
  frequencyUnit: 'minute',
  status,
  readStatus,
  readTime: readStatus ? Date.UTC(2026, 10, 25, 9) : null,
  link: null,
});

// Tables, selects and dialogs of antd: slow under a loaded full run.
describe('received messages page', { timeout: 15_000 }, () => {
  let messages: ReceivedMessage[];
  let queries: { readStatus?: unknown }[];
  beforeEach(() => {
    messages = [msg(3, 'Unread notice', 0), msg(2, 'Old notice', 1, 4)];
    queries = [];
    useSession.setState({ token: 'tok', stationId: 5 });
    apiServer.use(
      answer(sessionApi.userInfo, user),
      answer(shellApi.stationTree, stationTreeOf(stationNode(5))),
      answer(messageApi.receivedMessages, (q) => {
        queries.push(q);
        const list = messages.filter((m) => q.readStatus === undefined || m.readStatus === Number(q.readStatus));
        return { total: list.length, pageNum: q.pageNum, pageSize: q.pageSize, list };
      }),
      answer(messageApi.confirmRead, ({ messageId }) => {
        messages = messages.map((m) => (m.messageId === messageId ? { ...m, readStatus: 1 } : m));
        return null;
      }),
    );
  });

  const renderPage = () =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <UserMessagePage />
        </MemoryRouter>
      </QueryClientProvider>,
    );

  it('lists every delivered message with its read state and filters the unread ones', async () => {
    renderPage();
    const table = await screen.findByTestId('received-messages');
    await within(table).findByText('Old notice');
    const unread = within(table).getByText('Unread notice').closest('tr') as HTMLElement;
    expect(unread.textContent).toContain(i18next.t('messageCenter.read.unread'));
    expect(unread.textContent).toContain(i18next.t('messageCenter.status.broadcasting'));
    fireEvent.mouseDown(within(screen.getByTestId('message-filter-read')).getByRole('combobox'));
    fireEvent.click(
      (await screen.findAllByText(i18next.t('messageCenter.read.unread'))).find((e) =>
        e.closest('.ant-select-item'),
      ) as HTMLElement,
    );
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ readStatus: 0, pageNum: 1 }));
    await waitFor(() => expect(within(table).queryByText('Old notice')).toBeNull());
  });

  it('confirms reading from the detail dialog; a read message offers no confirm button', async () => {
    renderPage();
    const table = await screen.findByTestId('received-messages');
    const old = (await within(table).findByText('Old notice')).closest('tr') as HTMLElement;
    fireEvent.click(within(old).getByRole('button', { name: i18next.t('messageCenter.detail') }));
    await screen.findByTestId('message-detail');
    expect(screen.queryByTestId('confirm-read')).toBeNull();
    const footer = document.querySelector<HTMLElement>('.ant-modal-footer');
    fireEvent.click(within(footer as HTMLElement).getByRole('button', { name: i18next.t('messageCenter.close') }));

    const unread = within(table).getByText('Unread notice').closest('tr') as HTMLElement;
    fireEvent.click(within(unread).getByRole('button', { name: i18next.t('messageCenter.detail') }));
    fireEvent.click(await screen.findByTestId('confirm-read'));
    await waitFor(() =>
      expect(within(table).getByText('Unread notice').closest('tr')?.textContent).toContain(
        i18next.t('messageCenter.read.read'),
      ),
    );
  });
});
