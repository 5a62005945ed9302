import type { CommandRow } from '@ess/contract';
import { useEffect, useRef, useState } from 'react';
import { currentLang } from '@/lib/i18n';
import { LiveClient, type LiveStatus } from '@/lib/live/live-client';
import { useSession } from '@/lib/session/session-store';
import { tokenStore } from '@/lib/storage';

type Listener = (command: CommandRow) => void;
type StatusListener = (status: LiveStatus) => void;
type Feed = { client: LiveClient; listeners: Set<Listener>; statuses: Set<StatusListener>; status: LiveStatus };

// One socket per station however many rows and hooks follow its commands.
const feeds = new Map<number, Feed>();

function feedOf(stationId: number): Feed {
  const known = feeds.get(stationId);
  if (known) return known;
  const client = new LiveClient({ getToken: tokenStore.get, getLang: currentLang });
  const feed: Feed = { client, listeners: new Set(), statuses: new Set(), status: 'connecting' };
  client.onMessage((msg) => {
    if (msg.type !== 'command' || msg.stationId !== stationId) return;
    for (const l of feed.listeners) l(msg.command);
  });
  client.onStatus((s) => {
    feed.status = s;
    for (const l of feed.statuses) l(s);
  });
  client.subscribe(stationId);
  client.start();
  feeds.set(stationId, feed);
  return feed;
}

function join(stationId: number, listener: Listener, onStatus: StatusListener): () => void {
  const feed = feedOf(stationId);
  feed.listeners.add(listener);
  feed.statuses.add(onStatus);
  onStatus(feed.status);
  return () => {
    feed.listeners.delete(listener);
    feed.statuses.delete(onStatus);
    if (feed.listeners.size > 0) return;
    feed.client.stop();
    feeds.delete(stationId);
  };
}

/**
 * Follows the live socket's `command` messages of a station (a command to one of its devices was
 * sent or settled) and tells `onCommand`; answers whether the socket is live, so callers poll
 * while it is not. Hooks of one station share one socket.
 */
export function useCommandFeed(stationId: number | null, onCommand: Listener): LiveStatus {
  const token = useSession((s) => s.token);
  const handler = useRef(onCommand);
  handler.current = onCommand;
  const [status, setStatus] = useState<LiveStatus>('connecting');
  useEffect(() => {
    if (stationId === null || !token) return;
    return join(stationId, (c) => handler.current(c), setStatus);
  }, [stationId, token]);
  return status;
}
