import { monitoringApi } from '@ess/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { useSession } from '../session/session-store';
import { tokenStore } from '../storage';
import { fakeSockets } from './fake-socket';
import { LiveGate } from './live-client';
import { useStationLive } from './use-station-live';

/**
 * @isolated-modules: the first test uses the page's own gate (no test gate), which no other
 * file may have used before it (a worker sharing modules would hand it over mid-backoff). A view
 * that mounts and unmounts in a loop (the forced-language loop remounted the page ~20 times a
 * second) must not open a socket per mount.
 */
describe('useStationLive under remounts', () => {
  let opened: number[];
  let client: { createSocket: (url: string) => ReturnType<ReturnType<typeof fakeSockets>['create']> };
  let wrapper: (p: { children: ReactNode }) => ReactNode;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(1); // no jitter: delays of exactly 1, 2, 4 … s
    const sockets = fakeSockets();
    opened = [];
    client = {
      createSocket: (url) => {
        opened.push(Date.now());
        return sockets.create(url);
      },
    };
    tokenStore.set('tok');
    useSession.setState({ token: 'tok' });
    // While sockets are down the hook polls the energy flow: an empty station answers.
    apiServer.use(
      answer(monitoringApi.energyFlow, {
        stationId: 3,
        ts: 0,
        storagePower: null,
        soc: null,
        pvPower: null,
        loadPower: null,
        gridPower: null,
        chargerPower: null,
      }),
    );
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    wrapper = ({ children }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    tokenStore.clear();
  });

  it('opens sockets no faster than the backoff while the view remounts every 50 ms', () => {
    const t0 = Date.now();
    for (let t = 0; t < 5_000; t += 50) {
      const view = renderHook(({ id }) => useStationLive(id, { client }), { wrapper, initialProps: { id: 3 } });
      view.rerender({ id: t % 100 === 0 ? 4 : 3 }); // and switches station now and then
      view.unmount();
      act(() => void vi.advanceTimersByTime(50));
    }
    // 1 and then 2 s apart (the page's backoff), not one socket per mount.
    expect(opened.map((t) => t - t0)).toEqual([0, 1000, 3000]);
  });

  it('makes no new client when re-rendered, even with a new options object each time', () => {
    const gate = new LiveGate({ backoff: { baseMs: 1000, maxMs: 30_000 }, random: () => 1 });
    const view = renderHook(({ n }) => useStationLive(3, { client: { ...client, gate }, deviceIds: [n % 2] }), {
      wrapper,
      initialProps: { n: 0 },
    });
    for (let n = 1; n < 200; n++) view.rerender({ n });
    act(() => void vi.advanceTimersByTime(5_000));
    expect(opened).toHaveLength(1);
    view.unmount();
  });
});
