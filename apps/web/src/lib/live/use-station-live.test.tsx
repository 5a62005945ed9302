import { monitoringApi, type PointData, pointApi, type StationSummary, shellApi } from '@ess/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answer, apiServer, recordCalls } from '@/test/api-server';
import { endpointKeyPrefix } from '../api/endpoint-query';
import { useSession } from '../session/session-store';
import { tokenStore } from '../storage';
import { fakeSockets } from './fake-socket';
import { LiveGate } from './live-client';
import { useStationLive } from './use-station-live';

const flow = (ts: number, storagePower: number): StationSummary => ({
  stationId: 3,
  ts,
  storagePower,
  soc: 55,
  pvPower: 12,
  loadPower: 80,
  gridPower: 40,
  chargerPower: 0,
});
const row = (code: string, value: number, ts: number): PointData => ({
  id: 1,
  code,
  name: code,
  unit: 'kW',
  kind: 'telemetry',
  precision: 1,
  value,
  ts,
  text: null,
});

describe('useStationLive', () => {
  let sockets: ReturnType<typeof fakeSockets>;
  let client: { createSocket: ReturnType<typeof fakeSockets>['create']; gate: LiveGate };
  let wrapper: (p: { children: ReactNode }) => ReactNode;
  let qc: QueryClient;
  let calls: string[];
  let asked: unknown[];

  beforeEach(() => {
    sockets = fakeSockets();
    client = { createSocket: sockets.create, gate: new LiveGate({ backoff: { baseMs: 20, maxMs: 40 } }) };
    tokenStore.set('tok');
    useSession.setState({ token: 'tok' });
    qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    wrapper = ({ children }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
    calls = recordCalls();
    asked = [];
    apiServer.use(
      answer(monitoringApi.energyFlow, (body) => {
        asked.push(body);
        return flow(500, -77);
      }),
      answer(pointApi.pointDataShowList, (body) => {
        asked.push(body);
        return [row('p', 9, 500), row('q', 1, 5)];
      }),
    );
  });
  afterEach(() => {
    tokenStore.clear();
  });

  it('follows the socket: snapshot, latest values, status and summary', async () => {
    const { result } = renderHook(() => useStationLive(3, { client }), { wrapper });
    expect(result.current.status).toBe('connecting');
    const s = sockets.last();
    act(() => {
      s.open();
      s.receive({ type: 'ready', userId: 1 });
      s.receive({
        type: 'snapshot',
        stationId: 3,
        ts: 100,
        devices: [
          { deviceId: 4, sn: 'X', name: 'X', type: 'pcs', status: 'online', values: { p: { value: 1, ts: 100 } } },
        ],
        summary: flow(100, 250),
      });
    });
    expect(s.sent).toEqual([
      { type: 'auth', token: 'tok', lang: expect.any(String) },
      { type: 'subscribe', stationId: 3 },
    ]);
    expect(result.current.status).toBe('live');
    // Messages are taken in together, a moment later (LIVE_FLUSH_MS).
    await waitFor(() => expect(result.current.summary?.storagePower).toBe(250));
    act(() => {
      s.receive({ type: 'latest', stationId: 3, deviceId: 4, values: { p: { value: 2, ts: 101 } } });
      s.receive({ type: 'deviceStatus', stationId: 3, deviceId: 4, online: false, at: 102 });
    });
    await waitFor(() => expect(result.current.devices[4]?.p?.value).toBe(2));
    expect(result.current.deviceStatus[4]).toBe('offline');
    expect(calls).toEqual([]);
  });

  it('takes a plant’s burst of messages in one render, every value kept', async () => {
    let renders = 0;
    const { result } = renderHook(
      () => {
        renders++;
        return useStationLive(3, { client });
      },
      { wrapper },
    );
    const s = sockets.last();
    act(() => {
      s.open();
      s.receive({ type: 'ready', userId: 1 });
      s.receive({ type: 'snapshot', stationId: 3, ts: 100, devices: [], summary: flow(100, 250) });
    });
    await waitFor(() => expect(result.current.summary?.storagePower).toBe(250));
    const before = renders;
    // 400 devices, each sending its 50 values once a second, as one plant does.
    act(() => {
      for (let d = 1; d <= 400; d++) {
        const values = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`v${i}`, { value: d + i, ts: 200 }]));
        s.receive({ type: 'latest', stationId: 3, deviceId: d, values });
      }
    });
    await waitFor(() => expect(Object.keys(result.current.devices)).toHaveLength(400));
    expect(renders - before).toBe(1);
    expect(result.current.devices[400]?.v49).toEqual({ value: 449, ts: 200 });
  });

  it('polls the energy flow and the given devices while the socket is down, and goes live again', async () => {
    const { result } = renderHook(() => useStationLive(3, { client, deviceIds: [4] }), { wrapper });
    act(() => sockets.last().drop());
    expect(result.current.status).toBe('polling');
    await waitFor(() => expect(result.current.summary?.storagePower).toBe(-77));
    expect(asked).toContainEqual({ stationId: 3 });
    await waitFor(() => expect(asked).toContainEqual({ deviceId: 4 }));
    await waitFor(() => expect(result.current.devices[4]?.p).toEqual({ value: 9, ts: 500 }));
    // The reconnect (after the backoff) brings the socket back.
    await waitFor(() => expect(sockets.all).toHaveLength(2));
    const s = sockets.last();
    act(() => {
      s.open();
      s.receive({ type: 'ready', userId: 1 });
      s.receive({ type: 'snapshot', stationId: 3, ts: 600, devices: [], summary: flow(600, 10) });
    });
    expect(result.current.status).toBe('live');
    await waitFor(() => expect(result.current.summary?.storagePower).toBe(10));
    // Values polled earlier stay until newer ones arrive.
    expect(result.current.devices[4]?.p?.value).toBe(9);
  });

  it('shows a revoked station as such: its values gone, no polling, no resubscription', async () => {
    const stationList = [...endpointKeyPrefix(shellApi.stationTree), {}];
    qc.setQueryData(stationList, []);
    const { result } = renderHook(() => useStationLive(3, { client, deviceIds: [4] }), { wrapper });
    const s = sockets.last();
    act(() => {
      s.open();
      s.receive({ type: 'ready', userId: 1 });
      s.receive({ type: 'snapshot', stationId: 3, ts: 100, devices: [], summary: flow(100, 250) });
      s.receive({ type: 'revoked', stationId: 3 });
    });
    expect(result.current.status).toBe('revoked');
    expect(result.current.summary).toBeNull();
    // The station list is read again, so the picker and the current station follow.
    await waitFor(() => expect(qc.getQueryState(stationList)?.isInvalidated).toBe(true));
    act(() => s.drop());
    expect(result.current.status).toBe('revoked');
    await waitFor(() => expect(sockets.all).toHaveLength(2));
    act(() => {
      sockets.last().open();
      sockets.last().receive({ type: 'ready', userId: 1 });
    });
    expect(sockets.last().sent).toHaveLength(1);
    expect(calls).toEqual([]);
  });

  it('does not connect without a station or a session', () => {
    renderHook(() => useStationLive(null, { client }), { wrapper });
    useSession.setState({ token: null });
    renderHook(() => useStationLive(3, { client }), { wrapper });
    expect(sockets.all).toHaveLength(0);
  });
});
