import { type SequenceRun, sequenceApi } from '@ess/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { refetchEndpoints, useEndpoint } from '@/lib/api/endpoint-query';
import { currentLang } from '@/lib/i18n';
import { LiveClient, type LiveStatus } from '@/lib/live/live-client';
import { useSession } from '@/lib/session/session-store';
import { tokenStore } from '@/lib/storage';

/** While a run goes on without a live socket, it is asked again this often. */
export const RUN_POLL_MS = 2_000;

/**
 * The station's `sequence` messages (a run started, moved on a step or ended): the newest run
 * pushed, by id; the runs history refetches on each. Answers whether the socket is live.
 */
export function useSequenceFeed(stationId: number | null): { status: LiveStatus; pushed: Record<number, SequenceRun> } {
  const qc = useQueryClient();
  const token = useSession((s) => s.token);
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [pushed, setPushed] = useState<Record<number, SequenceRun>>({});
  const client = useRef<LiveClient | null>(null);
  useEffect(() => {
    if (stationId === null || !token) return;
    const live = new LiveClient({ getToken: tokenStore.get, getLang: currentLang });
    client.current = live;
    const offMessage = live.onMessage((msg) => {
      if (msg.type !== 'sequence' || msg.stationId !== stationId) return;
      setPushed((p) => ({ ...p, [msg.run.id]: msg.run }));
      void refetchEndpoints(qc, [sequenceApi.runPage]);
    });
    const offStatus = live.onStatus(setStatus);
    live.subscribe(stationId);
    live.start();
    return () => {
      offMessage();
      offStatus();
      live.stop();
    };
  }, [stationId, token, qc]);
  return { status, pushed };
}

/** How far a run has got: a stale answer never moves it back (more steps settled, or ended, wins). */
const progress = (r: SequenceRun): number =>
  (r.state === 'running' ? 0 : 1000) +
  r.steps.filter((s) => s.state === 'success' || s.state === 'failed').length * 2 +
  r.steps.filter((s) => s.state === 'running').length;

/**
 * One run with each step's state: `GET …/run/:id`, then the live pushes; polled every 2 s while
 * it runs and the socket is down.
 */
export function useSequenceRun(
  runId: number | null,
  feed: { status: LiveStatus; pushed: Record<number, SequenceRun> },
): SequenceRun | undefined {
  const query = useEndpoint(sequenceApi.runDetail, runId === null ? null : { id: runId }, {
    refetchInterval: (q) => (feed.status !== 'live' && q.state.data?.state === 'running' ? RUN_POLL_MS : false),
  });
  const fetched = query.data;
  const own = runId === null ? undefined : feed.pushed[runId];
  if (!own) return fetched;
  if (!fetched) return own;
  return progress(own) >= progress(fetched) ? own : fetched;
}
