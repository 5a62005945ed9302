import {
  type CommandRow,
  type CommandState,
  type ControlCommandDetail,
  controlApi,
  IN_FLIGHT_STATES,
} from '@ess/contract';
import { useEffect, useState } from 'react';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { useCommandFeed } from './command-feed';

/** While in flight and without a live socket, the command is asked again this often. */
export const COMMAND_POLL_MS = 2_000;

export const isInFlight = (state: CommandState): boolean => (IN_FLIGHT_STATES as readonly string[]).includes(state);

/** How far a state is along pending → sent → settled; a stale answer never moves a command back. */
const stage = (s: CommandState): number => (s === 'pending' ? 0 : s === 'sent' ? 1 : 2);

const detailOf = (c: CommandRow): ControlCommandDetail => ({
  id: c.id,
  deviceId: c.deviceId,
  pointCode: c.pointCode,
  value: c.value,
  state: c.state,
  message: c.message,
  issuedBy: c.issuedBy,
  createdAt: c.createTime,
  sentAt: c.sentTime,
  resolvedAt: c.resolvedTime,
});

export type CommandStateView = {
  /** The command, newest of the call's answer and the socket's pushes; undefined until either arrives. */
  command: ControlCommandDetail | undefined;
  state: CommandState | undefined;
  inFlight: boolean;
  /** The device's message (or why the platform gave up), once settled. */
  message: string | null;
};

/**
 * A command's delivery state (issue 14): `GET /control/command/:id`, then each `command` message
 * of the station's live socket; while the socket is down and the command in flight, the call is
 * repeated every 2 s. `id` null: nothing delivered yet.
 */
export function useCommandState(id: number | null, stationId: number | null): CommandStateView {
  const [pushed, setPushed] = useState<ControlCommandDetail | null>(null);
  const live = useCommandFeed(id === null ? null : stationId, (c) => {
    if (c.id === id) setPushed(detailOf(c));
  });
  const query = useEndpoint(controlApi.commandDetail, id === null ? null : { id }, {
    refetchInterval: (q) =>
      live !== 'live' && q.state.data && isInFlight(q.state.data.state) ? COMMAND_POLL_MS : false,
  });
  // A command that settled before the socket subscribed sends no message: ask once when it is live.
  const { refetch } = query;
  useEffect(() => {
    if (live === 'live' && id !== null) void refetch();
  }, [live, id, refetch]);
  const fetched = query.data;
  const own = pushed?.id === id ? pushed : null;
  const command = !own ? fetched : !fetched || stage(own.state) >= stage(fetched.state) ? own : fetched;
  return {
    command,
    state: command?.state,
    inFlight: command ? isInFlight(command.state) : id !== null,
    message: command?.message ?? null,
  };
}
