import { LIVE_POLL_MS, type LiveServerMessage, monitoringApi, pointApi, shellApi } from '@ess/contract';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { call } from '../api/client';
import { refetchEndpoints } from '../api/endpoint-query';
import { currentLang } from '../i18n';
import { useSession } from '../session/session-store';
import { tokenStore } from '../storage';
import { liveKeys } from './keys';
import { LiveClient, type LiveClientOptions, type LiveStatus } from './live-client';
import { applyLiveMessage, applyPolled, emptyLiveState, type StationLiveState } from './live-state';

export type StationLive = Omit<StationLiveState, 'stationId'> & { status: LiveStatus };

const NO_IDS: readonly number[] = [];
/** How long socket messages gather before the screen takes them in one render. */
export const LIVE_FLUSH_MS = 100;

/**
 * Live values of a station: the socket's summary, latest values and device status; while the
 * socket is down, the energy flow (and the given devices' point values) polled every 10 s, the
 * newest sample of each value winning. Once the server revoked the user's access to the
 * station, nothing of it is shown or polled (status `revoked`). `client` replaces socket options in tests; it is read when
 * the socket client is made, so re-renders (even with a new options object) never make another.
 */
export function useStationLive(
  stationId: number | null,
  opts: { deviceIds?: readonly number[]; client?: Partial<LiveClientOptions> } = {},
): StationLive {
  const token = useSession((s) => s.token);
  const deviceIds = opts.deviceIds ?? NO_IDS;
  const clientOptions = useRef(opts.client);
  clientOptions.current = opts.client;
  const [state, setState] = useState<StationLiveState>(() => emptyLiveState(stationId));
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    setState(emptyLiveState(stationId));
    setStatus('connecting');
    if (stationId === null || !token) return;
    const client = new LiveClient({ getToken: tokenStore.get, getLang: currentLang, ...clientOptions.current });
    // A plant of hundreds of devices sends hundreds of messages a second (each device up to
    // once a second): they are folded into one state change per LIVE_FLUSH_MS, so the screen
    // renders a few times a second however large the station (bench:screen).
    let queued: LiveServerMessage[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const msgs = queued;
      queued = [];
      setState((s) => msgs.reduce(applyLiveMessage, s));
    };
    const offMessage = client.onMessage((msg) => {
      queued.push(msg);
      timer ??= setTimeout(flush, LIVE_FLUSH_MS);
    });
    const offStatus = client.onStatus(setStatus);
    client.subscribe(stationId);
    client.start();
    return () => {
      clearTimeout(timer);
      offMessage();
      offStatus();
      client.stop();
    };
  }, [stationId, token]);

  // The user's stations changed under them: the station list (and the picker and current
  // station that follow it) is read again, so a station no longer theirs leaves the screen.
  const queryClient = useQueryClient();
  useEffect(() => {
    if (status === 'revoked') void refetchEndpoints(queryClient, [shellApi.stationTree]);
  }, [status, queryClient]);

  const polling = status === 'polling' && stationId !== null;
  const flow = useQuery({
    queryKey: liveKeys.flow(stationId ?? 0),
    // Silent: repeated every 10 s while the socket is down.
    queryFn: () => call(monitoringApi.energyFlow, { stationId: stationId ?? 0 }, { silent: true }),
    enabled: polling,
    refetchInterval: polling ? LIVE_POLL_MS : false,
  });
  const polledRows = useQueries({
    queries: deviceIds.map((deviceId) => ({
      queryKey: liveKeys.points(deviceId),
      queryFn: () => call(pointApi.pointDataShowList, { deviceId }, { silent: true }),
      enabled: polling,
      refetchInterval: polling ? LIVE_POLL_MS : (false as const),
    })),
    combine: (results) => results.map((r) => r.data ?? []),
  });

  return useMemo(() => {
    const polled = polledRows.map((rows, i) => ({ deviceId: deviceIds[i] ?? 0, rows }));
    const merged = status === 'revoked' ? state : applyPolled(state, flow.data, polled);
    return { status, summary: merged.summary, devices: merged.devices, deviceStatus: merged.deviceStatus };
  }, [status, state, flow.data, polledRows, deviceIds]);
}
