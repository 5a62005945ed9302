import {
  ALARM_PERMS,
  type AlarmConfirmBody,
  alarmApi,
  type MenuItem,
  messageApi,
  sessionApi,
  shellApi,
  type UserInfo,
} from '@ess/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { alarmEvent } from '@/features/alarm/test/alarm-fixtures';
import { useUnreadMessages } from '@/features/messages/api/received-messages';
import { useSession } from '@/lib/session/session-store';
import { bellStore, tokenStore } from '@/lib/storage';
import { answer, apiServer } from '@/test/api-server';
import { stationNode, stationTreeOf } from '@/test/fixtures';
import { liveSocket } from '@/test/live-socket';
import { AlarmBell } from './alarm-bell';

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
const PAGE = '/alarm/realtime';
const menuEntry = (url: string): MenuItem => ({
  id: 9,
  code: 'm9',
  name: 'Real-time alarms',
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

function renderBell(menu: MenuItem[]) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/home']}>
        <Routes>
          <Route
            path="/home"
            element={
              <>
                <AlarmBell menu={menu} />
                <UnreadProbe />
              </>
            }
          />
          <Route path={PAGE} element={<div data-testid="realtime-page" />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** What the message bell reads: the user's unread messages (refetched on a `messages` push). */
function UnreadProbe() {
  const { data } = useUnreadMessages(7, 5, true);
  return <span data-testid="unread-total">{data?.total ?? ''}</span>;
}

/** The machine is shared: waits that allow for a slow render. */
const SLOW = { timeout: 8000 };
const bell = () => screen.getByTestId('alarm-bell');
const shownCount = () => screen.getByTestId('alarm-bell-count').textContent;
const chimes = () => bell().getAttribute('data-sound-played');

describe('alarm bell', () => {
  let count: number;
  let asked: unknown[];
  let live: ReturnType<typeof liveSocket>;
  beforeEach(() => {
    count = 2;
    asked = [];
    localStorage.clear();
    tokenStore.set('tok');
    useSession.setState({ token: 'tok', stationId: 5 });
    live = liveSocket(() => ({
      ts: Date.now(),
      devices: [],
      summary: {
        stationId: 5,
        ts: 0,
        storagePower: 0,
        soc: 50,
        pvPower: 0,
        loadPower: 0,
        gridPower: 0,
        chargerPower: 0,
      },
    }));
    apiServer.use(
      answer(alarmApi.alarmRealtimePage, { rows: [], total: 0 }),
      answer(sessionApi.userInfo, user),
      answer(shellApi.stationTree, stationTreeOf(stationNode(5))),
      answer(alarmApi.alarmCount, (q) => {
        asked.push(q);
        return count;
      }),
      live.handler,
    );
  });
  afterEach(() => {
    tokenStore.clear();
    localStorage.clear();
  });

  const push = (n: number, change: 'raised' | 'confirmed' = 'raised') =>
    live.push({ type: 'alarm', stationId: 5, change, eventIds: [n], count: n });

  it("refetches the user's unread messages when the socket says they changed", async () => {
    let unread = 1;
    apiServer.use(
      answer(messageApi.receivedMessages, (q) => ({
        total: unread,
        pageNum: q.pageNum,
        pageSize: q.pageSize,
        list: [],
      })),
    );
    renderBell([menuEntry(PAGE)]);
    await waitFor(() => expect(screen.getByTestId('unread-total').textContent).toBe('1'));
    await waitFor(() => expect(shownCount()).toBe('2'));
    unread = 2;
    // Well before the 60 s poll: the push alone brings the new count.
    await waitFor(() => {
      live.tell({ type: 'messages' });
      expect(screen.getByTestId('unread-total').textContent).toBe('2');
    });
  });

  it('is absent without the real-time alarm page in the menu', async () => {
    renderBell([menuEntry('/alarm/history')]);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('alarm-bell')).toBeNull();
    expect(asked).toEqual([]);
  });

  it("shows the station's unconfirmed count, links to real-time alarms, chimes only when it rises", async () => {
    renderBell([menuEntry(PAGE)]);
    await waitFor(() => expect(shownCount()).toBe('2'));
    expect(asked[0]).toEqual({ stationId: 5 });
    // The first answer is the baseline: no chime for alarms that were already there.
    expect(chimes()).toBe('0');
    // A pushed rise chimes once; a fall (confirmed) does not.
    await waitFor(() => {
      push(3);
      expect(shownCount()).toBe('3');
    });
    await waitFor(() => expect(chimes()).toBe('1'));
    push(1, 'confirmed');
    await waitFor(() => expect(shownCount()).toBe('1'));
    expect(chimes()).toBe('1');
    push(4);
    await waitFor(() => expect(chimes()).toBe('2'));
    fireEvent.click(bell());
    expect(await screen.findByTestId('realtime-page')).toBeTruthy();
  });

  it('stays quiet with the sound switched off, and remembers the switch', async () => {
    bellStore.set(false);
    renderBell([menuEntry(PAGE)]);
    await waitFor(() => expect(shownCount()).toBe('2'));
    await waitFor(() => {
      push(5);
      expect(shownCount()).toBe('5');
    });
    expect(chimes()).toBe('0');
    fireEvent.mouseEnter(bell());
    fireEvent.click(await screen.findByTestId('alarm-bell-sound'));
    expect(bellStore.get()).toBe(true);
    push(6);
    await waitFor(() => expect(chimes()).toBe('1'));
  });

  it('lists the latest unconfirmed alarms and confirms one in place', { timeout: 30_000 }, async () => {
    const confirmed: AlarmConfirmBody[] = [];
    // Newest first: 3 and 2 unconfirmed, 1 confirmed but still active.
    let rows = [alarmEvent(3), alarmEvent(2), alarmEvent(1, { confirmed: true, confirmer: 'Olga' })];
    apiServer.use(
      answer(sessionApi.userInfo, { ...user, powerList: [ALARM_PERMS.confirm] }),
      answer(alarmApi.alarmRealtimePage, () => ({ rows, total: rows.length })),
      answer(alarmApi.alarmConfirm, (body) => {
        confirmed.push(body);
        rows = rows.map((r) => (body.ids.includes(r.id) ? { ...r, confirmed: true } : r));
        count -= body.ids.length;
        return { confirmed: body.ids.length };
      }),
    );
    renderBell([menuEntry(PAGE)]);
    await waitFor(() => expect(shownCount()).toBe('2'), SLOW);
    fireEvent.mouseEnter(bell());
    const list = await screen.findByTestId('bell-alarms', {}, SLOW);
    expect(within(list).getByTestId('bell-alarm-3').textContent).toContain('BMS 3 max cell temperature 59 > 55');
    expect(within(list).getByTestId('bell-alarm-2')).toBeTruthy();
    expect(within(list).queryByTestId('bell-alarm-1')).toBeNull();
    fireEvent.click(await within(list).findByTestId('bell-confirm-3', {}, SLOW));
    const remark = await screen.findByTestId('alarm-confirm-remark', {}, SLOW);
    fireEvent.change(remark, { target: { value: 'fan replaced' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(confirmed).toEqual([{ ids: [3], remark: 'fan replaced' }]), SLOW);
    await waitFor(() => expect(screen.queryByTestId('bell-alarm-3')).toBeNull(), SLOW);
    expect(screen.getByTestId('bell-alarm-2')).toBeTruthy();
    await waitFor(() => expect(shownCount()).toBe('1'), SLOW);
  });

  it('offers no Confirm to a user who may not confirm', { timeout: 30_000 }, async () => {
    apiServer.use(answer(alarmApi.alarmRealtimePage, { rows: [alarmEvent(3)], total: 1 }));
    renderBell([menuEntry(PAGE)]);
    fireEvent.mouseEnter(bell());
    expect(await screen.findByTestId('bell-alarm-3', {}, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('bell-confirm-3')).toBeNull();
  });
});
