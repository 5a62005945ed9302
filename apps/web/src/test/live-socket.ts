import { LIVE_PATH, type LiveServerMessage, liveClientMessage } from '@ess/contract';
import { type WebSocketLink, ws } from 'msw';

type Snapshot = Extract<LiveServerMessage, { type: 'snapshot' }>;
type Client = WebSocketLink['clients'] extends Set<infer C> ? C : never;

/** A snapshot of a station with no devices and no values yet (for pages that only follow commands). */
export const emptySnapshot = (stationId: number): Omit<Snapshot, 'type' | 'stationId'> => ({
  ts: 1_000,
  devices: [],
  summary: {
    stationId,
    ts: null,
    storagePower: null,
    soc: null,
    pvPower: null,
    loadPower: null,
    gridPower: null,
    chargerPower: null,
  },
});

/**
 * The live socket (/api/ws) as page tests see it: the page's real live client (LiveClient in
 * useStationLive) connects through MSW to this scripted server. It accepts any token, answers a
 * subscription with `snapshot(stationId)`, and sends what the test pushes to the sockets that
 * follow that station. Add `handler` to the API server with `apiServer.use`.
 */
export function liveSocket(snapshot: (stationId: number) => Omit<Snapshot, 'type' | 'stationId'>) {
  const link = ws.link(`*${LIVE_PATH}`);
  const following = new Map<Client, number>();
  const signedIn = new Set<Client>();
  const send = (client: Client, msg: LiveServerMessage) => client.send(JSON.stringify(msg));
  const handler = link.addEventListener('connection', ({ client }) => {
    client.addEventListener('message', (event) => {
      const parsed = liveClientMessage.safeParse(JSON.parse(String(event.data)));
      if (!parsed.success) return;
      const msg = parsed.data;
      if (msg.type === 'auth') {
        signedIn.add(client);
        send(client, { type: 'ready', userId: 1 });
      } else if (msg.type === 'subscribe') {
        following.set(client, msg.stationId);
        send(client, { type: 'snapshot', stationId: msg.stationId, ...snapshot(msg.stationId) });
      } else if (msg.type === 'unsubscribe') {
        following.delete(client);
        send(client, { type: 'unsubscribed' });
      } else send(client, { type: 'pong', ts: Date.now() });
    });
    client.addEventListener('close', () => {
      following.delete(client);
      signedIn.delete(client);
    });
  });
  return {
    handler,
    /** Sends a station's message (latest, deviceStatus, summary) to every socket following it. */
    push(msg: Extract<LiveServerMessage, { stationId: number }>): void {
      for (const [client, stationId] of following) if (stationId === msg.stationId) send(client, msg);
    },
    /** How many sockets follow the station (a push before the page subscribes is lost). */
    followers(stationId: number): number {
      return [...following.values()].filter((s) => s === stationId).length;
    },
    /** Sends a message about the user (not a station) to every signed-in socket. */
    tell(msg: Exclude<LiveServerMessage, { stationId: number }>): void {
      for (const client of signedIn) send(client, msg);
    },
  };
}
