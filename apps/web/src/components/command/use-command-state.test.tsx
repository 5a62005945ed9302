import { type CommandState, type ControlCommandDetail, controlApi, LIVE_PATH } from '@ess/contract';
import { screen, waitFor } from '@testing-library/react';
import { ws } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session/session-store';
import { tokenStore } from '@/lib/storage';
import { answer, apiServer } from '@/test/api-server';
import { emptySnapshot, liveSocket } from '@/test/live-socket';
import { renderWithClient } from '@/test/session-fixtures';
import { CommandProgress } from './command-progress';

const STATION = 5;
const detail = (state: CommandState, message: string | null = null): ControlCommandDetail => ({
  id: 7,
  deviceId: 3,
  pointCode: 'pSet',
  value: 10,
  state,
  message,
  issuedBy: 'Olga Operator',
  createdAt: 1_000,
  sentAt: 1_100,
  resolvedAt: state === 'sent' ? null : 1_500,
});
const SLOW = { timeout: 10_000 };

describe('command state', { timeout: 30_000 }, () => {
  let asked: number;
  beforeEach(() => {
    asked = 0;
    tokenStore.set('tok');
    useSession.setState({ token: 'tok', stationId: STATION });
  });
  afterEach(() => {
    tokenStore.clear();
    useSession.setState({ token: null });
  });

  it('asks again every 2 s while in flight when the socket is down, then shows the device message', async () => {
    // The live socket is refused at once: the client falls back to polling.
    const down = ws.link(`*${LIVE_PATH}`).addEventListener('connection', ({ client }) => client.close(3000, 'down'));
    apiServer.use(
      down,
      answer(controlApi.commandDetail, () => {
        asked += 1;
        return asked < 2 ? detail('sent') : detail('failure', 'breaker jammed');
      }),
    );
    renderWithClient(<CommandProgress id={7} stationId={STATION} />);
    expect(await screen.findByTestId('command-state-sent', {}, SLOW)).toBeTruthy();
    expect(await screen.findByTestId('command-state-failure', {}, SLOW)).toBeTruthy();
    expect(screen.getByTestId('command-7-message').textContent).toBe('breaker jammed');
  });

  it('moves on from a live command message without asking again', async () => {
    const live = liveSocket(emptySnapshot);
    apiServer.use(
      live.handler,
      answer(controlApi.commandDetail, () => {
        asked += 1;
        return detail('sent');
      }),
    );
    renderWithClient(<CommandProgress id={7} stationId={STATION} />);
    expect(await screen.findByTestId('command-state-sent', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(live.followers(STATION)).toBeGreaterThan(0), SLOW);
    // Until the socket is live the page polls (a busy machine may take one 2 s poll): count from here.
    const askedBeforeLive = asked;
    live.push({
      type: 'command',
      stationId: STATION,
      command: {
        id: 7,
        commandId: 'c-7',
        stationId: STATION,
        deviceId: 3,
        deviceSn: 'PCS1',
        kind: 'points',
        pointCode: 'pSet',
        value: 10,
        state: 'timeout',
        issuedBy: 'Olga Operator',
        createTime: 1_000,
        sentTime: 1_100,
        resolvedTime: 31_100,
        message: 'no answer in 30 s',
      },
    });
    expect(await screen.findByTestId('command-state-timeout', {}, SLOW)).toBeTruthy();
    expect(screen.getByTestId('command-7-message').textContent).toBe('no answer in 30 s');
    // At most once more when the socket went live; no polling once it is.
    expect(asked - askedBeforeLive).toBeLessThanOrEqual(1);
  });
});
