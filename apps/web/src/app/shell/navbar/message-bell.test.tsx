import {
  type MenuItem,
  messageApi,
  orderDetailPath,
  type ReceivedMessage,
  ResultCode,
  sessionApi,
  shellApi,
  type UserInfo,
} from '@ess/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installNotifier } from '@/lib/api/notifier';
import { useSession } from '@/lib/session/session-store';
import { messagePlayStore } from '@/lib/storage';
import { answer, apiServer } from '@/test/api-server';
import { stationNode, stationTreeOf } from '@/test/fixtures';
import { MessageBell } from './message-bell';

const user: UserInfo = {
  userId: 7,
  deptId: null,
  deptName: null,
  username: 'operator',
  realName: null,
  roles: ['operator'],
  powerList: [],
  readOnly: false,
  demo: false,
  sessionKind: 'pc',
  screenOnly: false,
  lang: null,
};
const PAGE = '/operational-inspection/user-message-config';
const ORDER_PAGE = '/operational-inspection/all-task-detail';
function OrderPage() {
  return <div data-testid="order-page">{useLocation().search}</div>;
}
const menuEntry = (url: string): MenuItem => ({
  id: 9,
  code: 'm9',
  name: 'My messages',
  perms: null,
  url,
  urlApp: null,
  icon: null,
  iconApp: null,
  pid: 0,
  pidName: null,
  orderNum: 1,
  type: 'menu',
  show: 'all',
  color: null,
  status: 1,
  hidden: false,
  isConfig: false,
  external: false,
  component: null,
  roles: [],
  stationTypes: [],
  stationList: [],
  createTime: '',
  updateTime: '',
  children: [],
});

const msg = (messageId: number, messageType: number, title: string, readStatus = 0): ReceivedMessage => ({
  messageId,
  title,
  messageContent: `${title} content`,
  messageType,
  receivingType: 1,
  createUserName: `sender${messageId}`,
  createTime: Date.UTC(2026, 10, 25, 8, messageId),
  // Still playing whenever the test runs (a fixed end date made the popup vanish after it).
  playEndTime: Date.now() + 86_400_000,
  playFrequency: 30,
  frequencyUnit: 'minute',
  status: 3,
  readStatus,
  readTime: null,
  link: null,
});

function renderBell(menu: MenuItem[]) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/home']}>
        <Routes>
          <Route path="/home" element={<MessageBell menu={menu} />} />
          <Route path={PAGE} element={<div data-testid="inbox-page" />} />
          <Route path={ORDER_PAGE} element={<OrderPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('message bell', () => {
  let unread: ReceivedMessage[];
  let queries: unknown[];
  let confirms: unknown[];
  let alreadyRead: boolean;
  const warnings = vi.fn();
  const successes = vi.fn();

  beforeEach(() => {
    unread = [msg(3, 3, 'Overheat'), msg(2, 2, 'Inverter fault'), msg(1, 1, 'Cleaning')];
    queries = [];
    confirms = [];
    alreadyRead = false;
    // A new tab session: what is unread at first sight is not popped up.
    sessionStorage.clear();
    useSession.setState({ token: 'tok', stationId: 5 });
    installNotifier({ warning: warnings, error: vi.fn(), success: successes });
    apiServer.use(
      answer(sessionApi.userInfo, user),
      answer(shellApi.stationTree, stationTreeOf(stationNode(5))),
      answer(messageApi.receivedMessages, (q) => {
        queries.push(q);
        const list = unread.filter((m) => m.readStatus === 0);
        return { total: list.length, pageNum: q.pageNum, pageSize: q.pageSize, list };
      }),
      answer(messageApi.confirmRead, (body) => {
        confirms.push(body);
        if (alreadyRead)
          return {
            fail: { status: 200, code: ResultCode.BUSINESS_WARNING, msg: 'This message has already been read' },
          };
        unread = unread.map((m) => (m.messageId === body.messageId ? { ...m, readStatus: 1 } : m));
        return null;
      }),
    );
  });
  afterEach(() => {
    installNotifier(null);
    warnings.mockReset();
    successes.mockReset();
  });

  const openPopover = async () => {
    fireEvent.mouseEnter(screen.getByTestId('message-bell'));
    return screen.findByTestId('unread-messages');
  };

  it('counts the unread messages and lists them with sender, time, content and an icon by type', async () => {
    renderBell([menuEntry(PAGE)]);
    await waitFor(() => expect(screen.getByTestId('message-bell').textContent).toContain('3'));
    // The spec 7 unread query for the signed-in user at the current station.
    expect(queries[0]).toMatchObject({ receivingUser: 7, stationId: 5, createStatus: 3, readStatus: 0 });
    const list = await openPopover();
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.querySelector('[data-testid^="message-icon-"]')?.getAttribute('data-testid'))).toEqual([
      'message-icon-alarm',
      'message-icon-fault',
      'message-icon-hint',
    ]);
    expect(items[1]?.textContent).toContain('Inverter fault content');
    expect(items[1]?.textContent).toContain('sender2');
    expect(items[1]?.textContent).toContain('2026-11-25');
  });

  it('pops up a message that arrives, once, and opens it from the popup', async () => {
    // The tab has looked before; then a fault message arrives.
    messagePlayStore.set({});
    unread = [{ ...msg(4, 2, 'Cell overheat'), createTime: Date.now() - 1000 }];
    renderBell([menuEntry(PAGE)]);
    const popup = await screen.findByTestId('message-popup-4');
    expect(popup.textContent).toContain('Cell overheat');
    expect(popup.textContent).toContain('Cell overheat content');
    expect(messagePlayStore.get()).toEqual({ '4': unread[0]?.createTime });
    fireEvent.click(within(popup).getByText('Cell overheat content'));
    expect((await screen.findByTestId('message-detail')).textContent).toContain('Cell overheat content');
    expect(screen.getAllByTestId('message-popup-4')).toHaveLength(1);
  });

  it('links to all messages, or warns when that page is not in the menu', async () => {
    const { unmount } = renderBell([]);
    await openPopover();
    fireEvent.click(screen.getByRole('button', { name: i18next.t('nav.seeAll') }));
    expect(warnings).toHaveBeenCalledWith(i18next.t('errors.noPagePermission'), expect.any(Number));
    unmount();

    renderBell([menuEntry(PAGE)]);
    await openPopover();
    fireEvent.click(screen.getByRole('button', { name: i18next.t('nav.seeAll') }));
    await screen.findByTestId('inbox-page');
  });

  it('opens a message read-only and confirms reading it; the count falls', async () => {
    renderBell([menuEntry(PAGE)]);
    const list = await openPopover();
    fireEvent.click(within(list).getByText('Inverter fault'));
    const detail = await screen.findByTestId('message-detail');
    expect(detail.textContent).toContain('Inverter fault content');
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.click(screen.getByTestId('confirm-read'));
    await waitFor(() => expect(confirms).toEqual([{ messageId: 2, receivingUser: 7, stationId: 5 }]));
    await waitFor(() => expect(screen.getByTestId('message-bell').textContent).toContain('2'));
    expect(successes).toHaveBeenCalledWith(i18next.t('messageCenter.readDone'), expect.any(Number));
  });

  it('opens the work order a to-do message is about; a link off the platform is not offered', async () => {
    unread = [
      { ...msg(5, 1, 'Work order WO1 awaits you'), link: orderDetailPath(42) },
      { ...msg(6, 1, 'Elsewhere'), link: '//evil.example/x' },
    ];
    const { unmount } = renderBell([menuEntry(PAGE)]);
    fireEvent.click(within(await openPopover()).getByText('Elsewhere'));
    await screen.findByTestId('message-detail');
    expect(screen.queryByTestId('message-link')).toBeNull();
    unmount();

    renderBell([menuEntry(PAGE)]);
    fireEvent.click(within(await openPopover()).getByText('Work order WO1 awaits you'));
    fireEvent.click(await screen.findByRole('button', { name: i18next.t('messageCenter.openLink') }));
    expect((await screen.findByTestId('order-page')).textContent).toBe('?id=42');
  });

  it('shows the server’s warning when the message was already read', async () => {
    alreadyRead = true;
    renderBell([menuEntry(PAGE)]);
    const list = await openPopover();
    fireEvent.click(within(list).getByText('Cleaning'));
    fireEvent.click(await screen.findByTestId('confirm-read'));
    await waitFor(() =>
      expect(warnings).toHaveBeenCalledWith('This message has already been read', expect.any(Number)),
    );
    expect(successes).not.toHaveBeenCalled();
  });
});
