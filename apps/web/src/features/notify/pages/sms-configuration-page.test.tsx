import {
  type NotifyChainBody,
  type NotifyConfig,
  type NotifyLogPageBody,
  type NotifyLogRow,
  notifyApi,
  sessionApi,
  type UserInfo,
} from '@ess/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session/session-store';
import { answer, apiServer } from '@/test/api-server';
import { SmsConfigurationPage } from './sms-configuration-page';

const user = (powerList: string[]): UserInfo => ({
  userId: 1,
  deptId: null,
  deptName: null,
  username: 'admin',
  realName: 'Ada Admin',
  roles: ['admin'],
  powerList,
  readOnly: false,
  demo: false,
  sessionKind: 'pc',
  screenOnly: false,
  lang: null,
});

const CONFIG: NotifyConfig = {
  chains: [
    {
      id: 4,
      name: 'Night shift',
      enabled: true,
      stationIds: [5],
      levels: [1, 2],
      stopOnRecovery: true,
      steps: [
        { delayMinutes: 0, repeatMinutes: 5, channels: ['email', 'sms'], userIds: [11], roleIds: [] },
        { delayMinutes: 15, repeatMinutes: 0, channels: ['inapp'], userIds: [], roleIds: [2] },
      ],
      updateTime: Date.UTC(2026, 10, 25, 8),
    },
  ],
  quietHours: [
    {
      userId: 11,
      userName: 'Alice',
      startMinute: 1320,
      endMinute: 420,
      timezone: 'Asia/Tokyo',
      allowCritical: true,
      enabled: true,
    },
  ],
  rates: [{ stationId: 5, stationName: 'Station 5', maxPerWindow: 3, windowMinutes: 60 }],
  defaultRate: { maxPerWindow: 10, windowMinutes: 10 },
  channels: { email: true, sms: false, inapp: true },
  users: [{ id: 11, name: 'Alice', hasEmail: true, hasPhone: true }],
  roles: [{ id: 2, name: 'Operators' }],
  stations: [{ id: 5, name: 'Station 5' }],
};

const LOG: NotifyLogRow[] = [
  {
    id: 2,
    at: Date.UTC(2026, 10, 25, 8, 5),
    stationId: 5,
    stationName: 'Station 5',
    chainId: 4,
    step: 1,
    userId: 11,
    userName: 'Alice',
    channel: 'email',
    address: 'alice@example.test',
    status: 'suppressed',
    reason: 'rateLimit',
    subject: '[Alarm digest] 500 alarms at Station 5',
    eventIds: Array.from({ length: 500 }, (_, i) => i + 1),
    detail: '3/3 in 60 min',
  },
  {
    id: 1,
    at: Date.UTC(2026, 10, 25, 8, 0),
    stationId: 5,
    stationName: 'Station 5',
    chainId: 4,
    step: 1,
    userId: 11,
    userName: 'Alice',
    channel: 'email',
    address: 'alice@example.test',
    status: 'sent',
    reason: 'digest',
    subject: '[Alarm digest] 500 alarms at Station 5',
    eventIds: Array.from({ length: 500 }, (_, i) => i + 1),
    detail: null,
  },
];

function renderPage(path = '/system/sms-configuration') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[path]}>
        <SmsConfigurationPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('alarm notification settings page', () => {
  let saved: NotifyChainBody[];
  let logQueries: NotifyLogPageBody[];
  let userLoaded = false;
  const use = (powerList: string[]) => {
    useSession.setState({ token: 'tok', stationId: 5 });
    apiServer.use(
      answer(sessionApi.userInfo, () => {
        userLoaded = true;
        return user(powerList);
      }),
      answer(notifyApi.notifyConfig, CONFIG),
      answer(notifyApi.notifyChainSave, (b) => {
        saved.push(b);
        return { id: 4 };
      }),
      answer(notifyApi.notifyLogPage, (q) => {
        logQueries.push(q);
        const rows = LOG.filter((r) => !q.status || r.status === q.status);
        return { rows, total: rows.length };
      }),
    );
  };
  beforeEach(() => {
    saved = [];
    logQueries = [];
    userLoaded = false;
  });

  it('shows the chain with its steps and channels, and saves an edit with the steps kept', async () => {
    use(['sys:notify:edit']);
    renderPage();
    const steps = await screen.findByTestId('notify-chain-steps-4');
    expect(steps.textContent).toContain('after 0 min, every 5 min: Alice');
    expect(steps.textContent).toContain('after 15 min, once: Operators');
    expect(screen.getByTestId('notify-channel-sms').textContent).toBe('SMS (not configured)');

    // The buttons behind the edit permission show once the user's permissions are in.
    fireEvent.click(await within(screen.getByTestId('notify-chains')).findByText('Edit'));
    const name = await screen.findByTestId('notify-chain-name');
    fireEvent.change(name, { target: { value: 'Night shift B' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const { updateTime: _, ...chain } = CONFIG.chains[0] as NotifyConfig['chains'][number];
    expect(saved[0]).toEqual({ ...chain, name: 'Night shift B' });
    // The dialog's form with two steps is slow to render in jsdom on a busy machine.
  }, 30_000);

  it('hides editing without the edit permission', async () => {
    use(['sys:notify:query']);
    renderPage();
    await screen.findByTestId('notify-chain-steps-4');
    await waitFor(() => expect(userLoaded).toBe(true));
    // The permissions are in once the switch reflects them.
    await waitFor(() => expect(screen.getByRole('switch').getAttribute('disabled')).not.toBeNull());
    expect(screen.queryByTestId('notify-chain-add')).toBeNull();
    expect(within(screen.getByTestId('notify-chains')).queryByText('Edit')).toBeNull();
  });

  it('lists the log with reasons and filters it by status', async () => {
    use(['sys:notify:edit']);
    renderPage('/system/sms-configuration?tab=log');
    const table = await screen.findByTestId('notify-log');
    await waitFor(() => expect(within(table).getByText('Rate limit')).toBeTruthy());
    expect(within(table).getByText('Digest')).toBeTruthy();
    expect(within(table).getAllByText('500')).toHaveLength(2);
    fireEvent.mouseDown(within(screen.getByTestId('notify-log-status')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Sent'));
    fireEvent.click(screen.getByRole('button', { name: /search/i }));
    await waitFor(() => expect(logQueries.at(-1)).toMatchObject({ status: 'sent', pageNum: 1 }));
    await waitFor(() => expect(within(table).queryByText('Rate limit')).toBeNull());
  }, 15_000);

  it('shows the quiet hours and rate limits', async () => {
    use(['sys:notify:edit']);
    renderPage('/system/sms-configuration?tab=quiet');
    const quiet = await screen.findByTestId('notify-quiet');
    expect(within(quiet).getByText('22:00 – 07:00')).toBeTruthy();
    expect(within(quiet).getByText('Asia/Tokyo')).toBeTruthy();
  });
});
