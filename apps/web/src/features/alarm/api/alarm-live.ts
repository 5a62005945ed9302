import { alarmApi, messageApi } from '@ess/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { endpointKey, refetchEndpoints } from '@/lib/api/endpoint-query';
import { currentLang } from '@/lib/i18n';
import { LiveClient, type LiveClientOptions } from '@/lib/live/live-client';
import { useSession } from '@/lib/session/session-store';
import { tokenStore } from '@/lib/storage';
import { ALARM_EVENT_ENTRIES } from './alarm-events';

/**
 * Follows the station's alarm pushes on the live socket (`alarm` messages): the count in the
 * message goes straight into the bell's cache, and the lists on screen refetch; a `messages`
 * push refetches the user's received messages (the message bell). One socket for
 * the whole frame (the bell mounts this); pages read the refreshed cache. Without a socket the
 * 60 s polls of count and list carry on.
 */
export function useAlarmLive(stationId: number | null, enabled: boolean, client?: Partial<LiveClientOptions>) {
  const qc = useQueryClient();
  const token = useSession((s) => s.token);
  // Read when the socket client is made (like useStationLive's), so a new options object never makes another.
  const options = useRef(client);
  options.current = client;
  useEffect(() => {
    if (!enabled || stationId === null || !token) return;
    const live = new LiveClient({ getToken: tokenStore.get, getLang: currentLang, ...options.current });
    const off = live.onMessage((msg) => {
      // The frame's one socket also says when the user's messages changed: the message bell refetches.
      if (msg.type === 'messages') {
        void refetchEndpoints(qc, [messageApi.receivedMessages]);
        return;
      }
      if (msg.type !== 'alarm' || msg.stationId !== stationId) return;
      qc.setQueryData(endpointKey(alarmApi.alarmCount, { stationId }, currentLang()), msg.count);
      void refetchEndpoints(
        qc,
        ALARM_EVENT_ENTRIES.filter((e) => e !== alarmApi.alarmCount),
      );
    });
    live.subscribe(stationId);
    live.start();
    return () => {
      off();
      live.stop();
    };
  }, [enabled, stationId, token, qc]);
}
